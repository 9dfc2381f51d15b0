import { Box, Center, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import type { RouteHandle } from '../route-handle';

export function GuestLayout() {
  const { t } = useTranslation();
  const wide = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.wideCard);
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Center mih="100vh" p="md">
        <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={wide ? 760 : 440} data-testid="guest-card">
          <Stack gap="lg">
            <Stack align="center" gap={6}>
              <Group gap="sm" wrap="nowrap">
                <Image src="/logo-mark.svg" alt={t('app.logoMarkAlt')} w={48} h={48} />
                <Image src="/logo.svg" alt={t('app.logoAlt')} h={40} w="auto" />
              </Group>
              <Text c="dimmed" size="sm" data-testid="tagline">
                {t('app.tagline')}
              </Text>
            </Stack>
            <Outlet />
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
