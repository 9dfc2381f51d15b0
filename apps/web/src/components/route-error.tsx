import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { removeTitleShell } from '@/lib/title-shells';

/** Shown when a loader or a screen throws; the api-client has already told the user why. */
export function RouteError() {
  const { t } = useTranslation();
  useLayoutEffect(removeTitleShell, []);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="xs">
        <Title order={2} data-testid="page-title">
          {t('errors.pageErrorTitle')}
        </Title>
        <Text c="dimmed">{t('errors.pageErrorText')}</Text>
        <Anchor component={Link} to={paths.dashboard.href()}>
          {t('errors.backHome')}
        </Anchor>
      </Stack>
    </Center>
  );
}
