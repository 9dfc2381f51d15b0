import { Badge, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { formatDate, formatHour, formatMoneyMinor, type ConversionStatus } from '@portal/contracts';
import { type StaffColumn } from '@/components/staff-table';
import { type StaffConversionListRow as Row } from '../api/get-conversions';

/** The spec's status colours (section 4): approved green, pending yellow, rejected red. */
const STATUS_COLOR: Record<ConversionStatus, string> = { approved: 'green', pending: 'yellow', rejected: 'red' };

const moment = (date: Date | null) => (date ? `${formatDate(date)} ${formatHour(date)}` : '—');
const dimmed = (text: string | null, testId?: string) =>
  text ? (
    <Text size="xs" c="dimmed" data-testid={testId}>
      {text}
    </Text>
  ) : null;

/** How long from the click to the conversion, in the largest units that say it: '45 s', '12 min', '3 h 5 min', '2 d 4 h'. */
export function durationInWords(from: Date, to: Date, t: TFunction): string {
  const seconds = Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));
  if (seconds < 60) return t('staff.conversions.duration.seconds', { s: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('staff.conversions.duration.minutes', { m: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('staff.conversions.duration.hours', { h: hours, m: minutes % 60 });
  return t('staff.conversions.duration.days', { d: Math.floor(hours / 24), h: hours % 24 });
}

/** The status in words: the reason of a rejection, the code and note of a reversal or adjustment under it. */
function StatusCell({ conversion, t }: { conversion: Row; t: TFunction }) {
  const because = conversion.reversalReason
    ? t(`staff.conversions.reversalReasons.${conversion.reversalReason}`)
    : conversion.declineReason
      ? t(`staff.conversions.declineReasons.${conversion.declineReason}`)
      : null;
  const reason = conversion.reason
    ? because
      ? `${t(`staff.conversions.reasons.${conversion.reason}`)}: ${because}`
      : t(`staff.conversions.reasons.${conversion.reason}`)
    : null;
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={STATUS_COLOR[conversion.status]} variant="light" data-testid="staff-conversion-status">
        {t(`staff.conversions.status.${conversion.status}`)}
      </Badge>
      {reason ? (
        <Text size="sm" data-testid="staff-conversion-reason">
          {reason}
        </Text>
      ) : null}
      {dimmed(conversion.note, 'staff-conversion-note')}
    </Stack>
  );
}

/** The search's columns; time, payout and revenue sort (decision 071). Staff see revenue, partners never do. */
export function conversionColumns(t: TFunction): StaffColumn<Row>[] {
  return [
    { key: 'id', label: t('staff.conversions.columns.id'), cell: (c) => c.id, cellTestId: 'staff-conversion-id' },
    {
      key: 'time',
      label: t('staff.conversions.columns.date'),
      sortable: true,
      testId: 'staff-conversions-sort-time',
      noWrap: true,
      cell: (c) => moment(c.createdAt),
    },
    {
      key: 'partner',
      label: t('staff.conversions.columns.partner'),
      minWidth: 160,
      cell: (c) => c.partnerDisplayName ?? '—',
      cellTestId: 'staff-conversion-partner',
    },
    {
      key: 'offer',
      label: t('staff.conversions.columns.offer'),
      minWidth: 160,
      cell: (c) => (c.offerName ? `${c.offerName} #${c.offerId}` : '—'),
      cellTestId: 'staff-conversion-offer',
    },
    {
      key: 'advertiser',
      label: t('staff.conversions.columns.advertiser'),
      minWidth: 140,
      cell: (c) => c.advertiserName,
    },
    {
      key: 'goal',
      label: t('staff.conversions.columns.goal'),
      minWidth: 120,
      cellTestId: 'staff-conversion-goal',
      // The name people read, the code the advertiser sends beneath it (decision 079).
      cell: (c) => (
        <Stack gap={2}>
          <Text size="sm">{c.goalName ?? c.goal}</Text>
          {c.goalName ? dimmed(c.goal) : null}
        </Stack>
      ),
    },
    {
      key: 'status',
      label: t('staff.conversions.columns.status'),
      minWidth: 150,
      cell: (c) => <StatusCell conversion={c} t={t} />,
    },
    {
      key: 'channel',
      label: t('staff.conversions.columns.channel'),
      cellTestId: 'staff-conversion-channel',
      cell: (c) => t(`staff.conversions.channels.${c.source}`, { defaultValue: c.source }),
    },
    {
      key: 'ids',
      label: t('staff.conversions.columns.ids'),
      breakAll: true,
      minWidth: 160,
      cell: (c) => (
        <Stack gap={2}>
          <Text size="sm" data-testid="staff-conversion-transaction">
            {c.transactionId ?? '—'}
          </Text>
          {dimmed(c.clickId ? t('staff.conversions.clickId', { id: c.clickId }) : null)}
        </Stack>
      ),
    },
    { key: 'subid', label: t('staff.conversions.columns.subid'), breakAll: true, cell: (c) => c.subid ?? '—' },
    { key: 'country', label: t('staff.conversions.columns.country'), cell: (c) => c.country ?? '—' },
    {
      key: 'ip',
      label: t('staff.conversions.columns.ip'),
      cellTestId: 'staff-conversion-ip',
      cell: (c) => c.ip ?? '—',
    },
    {
      key: 'clickedAt',
      label: t('staff.conversions.columns.clickedAt'),
      noWrap: true,
      cellTestId: 'staff-conversion-clicked',
      // When the click came, and how long it took to convert (decision 079).
      cell: (c) => (
        <Stack gap={2}>
          <span>{moment(c.clickedAt)}</span>
          {c.clickedAt
            ? dimmed(
                t('staff.conversions.timeToConvert', {
                  duration: durationInWords(c.clickedAt, c.createdAt ?? c.clickedAt, t),
                }),
              )
            : null}
        </Stack>
      ),
    },
    {
      key: 'payout',
      label: t('staff.conversions.columns.payout'),
      sortable: true,
      testId: 'staff-conversions-sort-payout',
      align: 'right',
      noWrap: true,
      cellTestId: 'staff-conversion-payout',
      cell: (c) => (
        <Stack gap={2} align="flex-end">
          <span>{formatMoneyMinor(c.payout, c.currency)}</span>
          {c.originalPayout !== null && c.originalPayout !== c.payout
            ? dimmed(t('staff.conversions.originalPayout', { amount: formatMoneyMinor(c.originalPayout, c.currency) }))
            : null}
        </Stack>
      ),
    },
    {
      key: 'revenue',
      label: t('staff.conversions.columns.revenue'),
      sortable: true,
      testId: 'staff-conversions-sort-revenue',
      align: 'right',
      noWrap: true,
      cellTestId: 'staff-conversion-revenue',
      cell: (c) => formatMoneyMinor(c.revenue, c.currency),
    },
  ];
}
