import { Badge, Button, Center, Code, Group, Loader, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WindowPagination } from '@/components/window-pagination';
import { showSnackbar } from '@/lib/snackbar';
import { useUserZone } from '@/lib/user-zone';
import { STATS_PAGE_SIZE, usePostbackStats } from '../api/get-postback-stats';
import { useResendDelivery } from '../api/resend-delivery';
import { resendableAttempts } from '../postback-stats-rows';

/** A postback's delivery counts and its per-attempt log, newest first; failed deliveries can be re-sent. */
export function PostbackStats({ postbackId }: { postbackId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const stats = usePostbackStats(postbackId, page);
  const resend = useResendDelivery();
  const zone = useUserZone();

  if (!stats.data) {
    return stats.isPending ? (
      <Center py="md">
        <Loader size="sm" />
      </Center>
    ) : null;
  }
  const { sent, succeeded, failed, pending, attempts, attemptsTotal } = stats.data;
  const resendable = resendableAttempts(attempts);

  const onResend = async (deliveryId: string) => {
    const { message } = await resend.mutateAsync(deliveryId);
    showSnackbar({ kind: 'success', message: message ?? t('postbacks.stats.resent') });
  };

  const counts = [
    ['sent', sent],
    ['succeeded', succeeded],
    ['failed', failed],
    ['pending', pending],
  ] as const;

  return (
    <Stack gap="md" data-testid="postback-stats-view">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {counts.map(([name, value]) => (
          <Paper key={name} withBorder p="sm">
            <Text size="xs" c="dimmed">
              {t(`postbacks.stats.${name}`)}
            </Text>
            <Text size="xl" fw={700} data-testid={`postback-stats-${name}`}>
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {attempts.length === 0 ? (
        <Text size="sm" data-testid="postback-attempts-empty">
          {t('postbacks.stats.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing="xs" data-testid="postback-attempts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('postbacks.stats.columns.time', { zone: zone.name })}</Table.Th>
                <Table.Th>{t('postbacks.stats.columns.url')}</Table.Th>
                <Table.Th>{t('postbacks.stats.columns.status')}</Table.Th>
                <Table.Th>{t('postbacks.stats.columns.duration')}</Table.Th>
                <Table.Th>{t('postbacks.stats.columns.response')}</Table.Th>
                <Table.Th>{t('postbacks.stats.columns.error')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {attempts.map((attempt) => (
                <Table.Tr
                  key={attempt.id}
                  data-testid="postback-attempt-row"
                  data-test={attempt.test ? 'true' : 'false'}
                  data-success={attempt.success ? 'true' : 'false'}
                >
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {zone.moment(attempt.attemptedAt)}
                    {attempt.test && (
                      <Badge ml={4} size="xs" variant="light">
                        {t('postbacks.stats.testBadge')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td maw={320}>
                    <Code style={{ wordBreak: 'break-all' }}>{attempt.url}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={attempt.success ? 'green' : 'red'} variant="light">
                      {attempt.httpStatus ?? '—'}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {t('postbacks.test.ms', { ms: attempt.durationMs })}
                  </Table.Td>
                  <Table.Td maw={200}>
                    <Text size="xs" ff="monospace" lineClamp={2} style={{ wordBreak: 'break-all' }}>
                      {attempt.responseSnippet ?? ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {attempt.error ? t(`postbacks.errors.${attempt.error}`, { defaultValue: attempt.error }) : ''}
                  </Table.Td>
                  <Table.Td>
                    {resendable.has(attempt.id) && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        loading={resend.isPending && resend.variables === attempt.deliveryId}
                        onClick={() => void onResend(attempt.deliveryId).catch(() => undefined)}
                        data-testid="postback-resend"
                      >
                        {t('postbacks.stats.resend')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="center">
        <WindowPagination
          page={page}
          totalPages={Math.ceil(attemptsTotal / STATS_PAGE_SIZE)}
          onChange={setPage}
          label={t('postbacks.stats.pagination')}
          testId="postback-attempts-pagination"
        />
      </Group>
    </Stack>
  );
}
