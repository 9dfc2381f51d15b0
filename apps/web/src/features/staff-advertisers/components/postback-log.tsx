import { Badge, Card, Code, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POSTBACK_LOG_OUTCOMES, type PostbackLogOutcome } from '@portal/contracts';
import { usePostbackLog } from '../api/get-postback-log';
import { when } from './format-when';
import { StaffTable, type StaffColumn } from '@/components/staff-table';

// ---------------------------------------------------------------- the postback log

const OUTCOME_COLORS: Record<PostbackLogOutcome, string> = {
  recorded: 'green',
  invalid: 'red',
  wrong_token: 'red',
  test: 'blue',
  wrong_origin: 'red',
};
const LOG_PAGE = 50;

type LogRow = NonNullable<ReturnType<typeof usePostbackLog>['data']>['list'][number];

export function PostbackLog({ advertiserId }: { advertiserId: number }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<PostbackLogOutcome | 'all'>('all');
  const [page, setPage] = useState(1);
  const log = usePostbackLog(advertiserId, outcome === 'all' ? null : outcome, page, LOG_PAGE);
  const columns: StaffColumn<LogRow>[] = [
    { key: 'when', label: t('staff.advertisers.logColumns.when'), noWrap: true, cell: (entry) => when(entry.createdAt) },
    {
      key: 'outcome',
      label: t('staff.advertisers.logColumns.outcome'),
      cell: (entry) => (
        <>
          <Badge color={OUTCOME_COLORS[entry.outcome]} variant="light">
            {t(`staff.advertisers.outcomes.${entry.outcome}`)}
          </Badge>
          {entry.duplicate ? <Badge ml={4} variant="outline">{t('staff.advertisers.repeat')}</Badge> : null}
        </>
      ),
    },
    {
      key: 'channel',
      label: t('staff.advertisers.logColumns.channel'),
      cell: (entry) => (
        <span data-testid="staff-postback-log-channel" title={entry.origin ?? undefined}>
          {t(`staff.advertisers.channels.${entry.channel}`)}
        </span>
      ),
    },
    { key: 'status', label: t('staff.advertisers.logColumns.status'), cell: (entry) => entry.status ?? '—' },
    {
      key: 'reason',
      label: t('staff.advertisers.logColumns.reason'),
      // A recorded postback's reason is a rejection code (currency_mismatch …): shown in the conversions' words.
      cell: (entry) =>
        entry.outcome === 'recorded' && entry.reason
          ? t(`staff.conversions.reasons.${entry.reason}`, { defaultValue: entry.reason })
          : (entry.reason ?? ''),
    },
    {
      key: 'params',
      label: t('staff.advertisers.logColumns.params'),
      cell: (entry) => (
        <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {Object.entries(entry.params).map(([k, v]) => `${k}=${v}`).join('&')}
        </Code>
      ),
    },
    { key: 'ip', label: t('staff.advertisers.logColumns.ip'), cell: (entry) => entry.ip ?? '' },
  ];
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('staff.advertisers.log')}
          </Title>
          <SegmentedControl
            size="xs"
            value={outcome}
            onChange={(value) => {
              setOutcome(value as PostbackLogOutcome | 'all');
              setPage(1);
            }}
            data={[{ value: 'all', label: t('staff.partners.all') }, ...POSTBACK_LOG_OUTCOMES.map((value) => ({ value, label: t(`staff.advertisers.outcomes.${value}`) }))]}
            data-testid="staff-postback-log-filter"
          />
        </Group>
        <StaffTable
          columns={columns}
          rows={log.data?.list}
          rowKey={(entry) => entry.id}
          rowTestId="staff-postback-log-row"
          loading={log.isPending}
          loadingView={<Loader size="sm" aria-label={t('common.loading')} />}
          error={(log.isError || !log.data) && t('errors.generic')}
          empty={<Text c="dimmed" data-testid="staff-postback-log-empty">{t('staff.advertisers.noPostback')}</Text>}
          minWidth={900}
          testId="staff-postback-log"
          tableProps={{ striped: true }}
          paging={{ page, total: log.data?.total ?? 0, pageSize: LOG_PAGE, onChange: setPage, label: t('staff.advertisers.logPages'), testId: 'staff-postback-log-pages' }}
        />
      </Stack>
    </Card>
  );
} // prettier-ignore
