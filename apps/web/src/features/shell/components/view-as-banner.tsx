import { Alert, Button, Group, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { logout } from '@/lib/auth';
import type { PortalConfig } from '@/lib/config';

/**
 * Shown on every screen of a staff member's read-only view of a partner (decision 039): who is viewed, by whom, and a
 * way to end it. The server refuses every write of such a session.
 */
export function ViewAsBanner({ config }: { config: PortalConfig }) {
  const { t } = useTranslation();
  if (!config.viewedBy) return null;
  return (
    <Alert
      color="orange"
      variant="filled"
      radius={0}
      p="xs"
      icon={<IconEye aria-hidden />}
      data-testid="view-as-banner"
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          {t('shell.viewAs.banner', {
            partner: config.partner?.displayName ?? config.user.displayName,
            staff: config.viewedBy.name,
          })}
        </Text>
        <Button
          size="compact-sm"
          color="dark"
          onClick={() => {
            void logout().then(() => window.close());
          }}
          data-testid="view-as-close"
        >
          {t('shell.viewAs.close')}
        </Button>
      </Group>
    </Alert>
  );
}
