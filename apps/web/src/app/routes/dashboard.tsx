import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { NewsCarousel } from '@/features/news/components/news-carousel';

/**
 * Home dashboard (spec section 2). The news block is here; quick stats, global performance and
 * top offers join this stack with their own issue.
 */
export function DashboardRoute() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <PageTitle mb={0}>{t('screen.dashboard')}</PageTitle>
      <NewsCarousel />
    </Stack>
  );
}
