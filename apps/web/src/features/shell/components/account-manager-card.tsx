import { Anchor, Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBrandTeams, IconBrandTelegram, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IMAGE_SIZES, imageVariantUrl, type AccountManager } from '@portal/contracts';

/** The image endpoint resizes and crops on the server (spec section 9: 128x128, a served size of the contracts). */
export const accountManagerImageUrl = (image: string) => imageVariantUrl(image, 'accountManager');

export function telegramUrl(handle: string): string {
  return `https://t.me/${encodeURIComponent(handle.trim().replace(/^@/, ''))}`;
}

export function teamsUrl(user: string): string {
  return `msteams:/l/chat/0/0?users=${encodeURIComponent(user.trim())}`;
}

type AccountManagerCardProps = { manager: AccountManager };

export function AccountManagerCard({ manager }: AccountManagerCardProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" radius="md" data-testid="account-manager">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb="xs">
        {t('shell.accountManager.title')}
      </Text>
      <Stack align="center" gap={6}>
        <Avatar
          src={manager.image ? accountManagerImageUrl(manager.image) : null}
          alt={t('shell.accountManager.imageAlt', { name: manager.name })}
          size={IMAGE_SIZES.accountManager.w}
          radius="md"
          data-testid="account-manager-image"
        >
          {manager.firstname.charAt(0)}
          {manager.lastname.charAt(0)}
        </Avatar>
        <Text fw={600} data-testid="account-manager-name">
          {manager.name}
        </Text>
        <Stack gap={2} w="100%">
          <Group gap={6} wrap="nowrap">
            <IconMail size={16} aria-hidden />
            <Anchor href={`mailto:${manager.email}`} size="sm" truncate data-testid="account-manager-email">
              {manager.email}
            </Anchor>
          </Group>
          {manager.telegram ? (
            <Group gap={6} wrap="nowrap">
              <IconBrandTelegram size={16} aria-hidden />
              <Anchor
                href={telegramUrl(manager.telegram)}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                truncate
                data-testid="account-manager-telegram"
              >
                {manager.telegram}
              </Anchor>
            </Group>
          ) : null}
          {manager.teams ? (
            <Group gap={6} wrap="nowrap">
              <IconBrandTeams size={16} aria-hidden />
              <Anchor href={teamsUrl(manager.teams)} size="sm" truncate data-testid="account-manager-teams">
                {manager.teams}
              </Anchor>
            </Group>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  );
}
