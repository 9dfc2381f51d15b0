import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { ScrubPage } from '@/features/staff-scrubs/components/scrub-page';
import { StaffScrubs } from '@/features/staff-scrubs/components/staff-scrubs';

/** Advertisers' scrub files (decision 069): see features/staff-scrubs. */
export function StaffScrubsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.staffScrubs')}</PageTitle>
      <StaffScrubs />
    </>
  );
}

/** One scrub file: keyed by its id, so that its state starts afresh on another. */
export function StaffScrubRoute() {
  const { id } = useParams();
  return <ScrubPage key={id} id={Number(id)} />;
}
