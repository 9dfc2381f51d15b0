import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';

/** Billing requests and invoices; the table and filters arrive with their own issue. */
export function PaymentsRoute() {
  const { t } = useTranslation();
  return <PageTitle>{t('screen.payments')}</PageTitle>;
}
