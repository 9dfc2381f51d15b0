import { ActionIcon, Button, Code, Group, Table, Text, Tooltip } from '@mantine/core';
import {
  IconCircleCheck,
  IconCircleX,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { POSTBACK_TYPE_LABEL } from '@portal/contracts';
import { useUserZone } from '@/lib/user-zone';
import type { PostbackItem } from '../postback-form-values';

type PostbackListProps = {
  postbacks: PostbackItem[];
  onStats: (postback: PostbackItem) => void;
  onEdit: (postback: PostbackItem) => void;
  onToggle: (postback: PostbackItem) => void;
  onTest: (postback: PostbackItem) => void;
  onDelete: (postback: PostbackItem) => void;
  /** The postback an action is running for, if any. */
  busyId: number | null;
};

/** The list of spec section 2: goal, type, offers, URL, added, last modified, enabled, Stats; then the actions. */
export function PostbackList({ postbacks, onStats, onEdit, onToggle, onTest, onDelete, busyId }: PostbackListProps) {
  const { t } = useTranslation();
  const zone = useUserZone();
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped verticalSpacing="xs" data-testid="postbacks-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('postbacks.columns.goal')}</Table.Th>
            <Table.Th>{t('postbacks.columns.type')}</Table.Th>
            <Table.Th>{t('postbacks.columns.offers')}</Table.Th>
            <Table.Th>{t('postbacks.columns.url')}</Table.Th>
            <Table.Th>{t('postbacks.columns.createdAt', { zone: zone.name })}</Table.Th>
            <Table.Th>{t('postbacks.columns.updatedAt', { zone: zone.name })}</Table.Th>
            <Table.Th>{t('postbacks.columns.enabled')}</Table.Th>
            <Table.Th>{t('postbacks.columns.stats')}</Table.Th>
            <Table.Th>{t('postbacks.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {postbacks.map((postback) => {
            const label = postback.name ?? `#${postback.id}`;
            const offers = postback.offers ?? [];
            return (
              <Table.Tr
                key={postback.id}
                data-testid="postback-row"
                data-id={postback.id}
                data-enabled={postback.enabled ? 'true' : 'false'}
              >
                <Table.Td data-testid="postback-goal-cell">{postback.goal?.name ?? t('postbacks.allGoals')}</Table.Td>
                <Table.Td>{POSTBACK_TYPE_LABEL}</Table.Td>
                <Table.Td data-testid="postback-offers-cell" maw={240}>
                  {offers.length > 0 ? offers.map((offer) => offer.name).join(', ') : t('postbacks.allOffers')}
                </Table.Td>
                <Table.Td maw={360}>
                  {postback.name && (
                    <Text size="sm" fw={500}>
                      {postback.name}
                    </Text>
                  )}
                  <Code data-testid="postback-url-cell" style={{ wordBreak: 'break-all' }}>
                    {postback.url}
                  </Code>
                </Table.Td>
                <Table.Td>{zone.day(postback.createdAt)}</Table.Td>
                <Table.Td>{zone.day(postback.updatedAt)}</Table.Td>
                <Table.Td>
                  <Tooltip
                    label={
                      postback.enabled
                        ? t('postbacks.enabled')
                        : postback.disabledReason
                          ? t(`postbacks.disabledReason.${postback.disabledReason}`, {
                              defaultValue: t('postbacks.disabled'),
                            })
                          : t('postbacks.disabled')
                    }
                  >
                    {postback.enabled ? (
                      <IconCircleCheck
                        color="var(--mantine-color-green-7)"
                        aria-label={t('postbacks.enabled')}
                        data-testid="postback-enabled-icon"
                      />
                    ) : (
                      <IconCircleX
                        color="var(--mantine-color-gray-6)"
                        aria-label={t('postbacks.disabled')}
                        data-testid="postback-disabled-icon"
                      />
                    )}
                  </Tooltip>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => onStats(postback)}
                    data-testid="postback-stats"
                  >
                    {t('postbacks.stats.button')}
                  </Button>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('postbacks.actions.edit', { name: label })}
                      onClick={() => onEdit(postback)}
                      data-testid="postback-edit"
                    >
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t(postback.enabled ? 'postbacks.actions.disable' : 'postbacks.actions.enable', {
                        name: label,
                      })}
                      onClick={() => onToggle(postback)}
                      loading={busyId === postback.id}
                      data-testid="postback-toggle"
                    >
                      {postback.enabled ? (
                        <IconPlayerPause size={18} aria-hidden />
                      ) : (
                        <IconPlayerPlay size={18} aria-hidden />
                      )}
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('postbacks.actions.test', { name: label })}
                      onClick={() => onTest(postback)}
                      data-testid="postback-test"
                    >
                      <IconSend size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('postbacks.actions.delete', { name: label })}
                      onClick={() => onDelete(postback)}
                      data-testid="postback-delete"
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
