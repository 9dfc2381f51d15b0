import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { Payments } from '@/features/payments/components/payments';

/** Billing requests and invoices (spec section 2). */
export function PaymentsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.payments')}</PageTitle>
      <Payments />
    </>
  );
}
