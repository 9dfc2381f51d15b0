import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { AdvertiserPage } from '@/features/staff-advertisers/components/advertiser-page';
import { AdvertisersList } from '@/features/staff-advertisers/components/advertisers-list';

/** The console's advertisers (decision 041): see features/staff-advertisers. */
export function StaffAdvertisersRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.staffAdvertisers')}</PageTitle>
      <AdvertisersList />
    </>
  );
}

/** One advertiser: keyed by its id, so that its forms start afresh on another. */
export function StaffAdvertiserRoute() {
  const { id } = useParams();
  return <AdvertiserPage key={id} id={Number(id)} />;
}
