import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { AdvertisersOwe } from '@/features/staff-advertiser-invoices/components/advertisers-owe';

/** What advertisers owe and their invoices (decision 073); see features/staff-advertiser-invoices. */
export function StaffAdvertiserInvoicesRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.staffAdvertiserInvoices')}</PageTitle>
      <AdvertisersOwe />
    </>
  );
}
