import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { StaffAuditLog } from '@/features/staff-audit-log/components/staff-audit-log';

/** The staff console (decision 036): see features/staff-audit-log. */
export function StaffAuditLogRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.staffAuditLog')}</PageTitle>
      <StaffAuditLog />
    </>
  );
}
