import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { BatchPage } from '@/features/staff-payments-out/components/batch-page';
import { PaymentsOut } from '@/features/staff-payments-out/components/payments-out';

/** Payments out (decision 073): the SEPA payment batches and what is paid by hand; see features/staff-payments-out. */
export function StaffPaymentsOutRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.staffPaymentsOut')}</PageTitle>
      <PaymentsOut />
    </>
  );
}

/** One payment batch: keyed by its id, so that its state starts afresh on another. */
export function StaffPaymentBatchRoute() {
  const { id } = useParams();
  return <BatchPage key={id} id={Number(id)} />;
}
