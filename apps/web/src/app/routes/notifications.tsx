import { EmptyState } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';

/** Always empty in the observed product (spec section 2). */
export function NotificationsRoute() {
  const { t } = useTranslation();
  const count = 0;
  return (
    <>
      <PageTitle>{t('notifications.title', { count })}</PageTitle>
      <EmptyState
        icon={<IconBellOff size={32} />}
        description={t('notifications.empty')}
        data-testid="notifications-empty"
      />
    </>
  );
}
