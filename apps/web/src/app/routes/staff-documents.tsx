import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { StaffDocuments } from '@/features/staff-queues/components/staff-documents';

/** The staff console's queue (decision 036): see features/staff-queues. */
export function StaffDocumentsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.staffDocuments')}</PageTitle>
      <StaffDocuments />
    </>
  );
}
