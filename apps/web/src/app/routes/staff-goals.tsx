import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { StaffGoals } from '@/features/staff-goals/components/staff-goals';

/** The network's goals (decision 078): see features/staff-goals. */
export function StaffGoalsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.staffGoals')}</PageTitle>
      <StaffGoals />
    </>
  );
}
