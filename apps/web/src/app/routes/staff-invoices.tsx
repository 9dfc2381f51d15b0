import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { StaffInvoices } from '@/features/staff-invoices/components/staff-invoices';

/** The staff console: the invoices finance works through to payment; see features/staff-invoices. */
export function StaffInvoicesRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.staffInvoices')}</PageTitle>
      <StaffInvoices />
    </>
  );
}
