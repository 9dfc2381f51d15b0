import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoneyMinor, type ScrubSampleLine } from '@portal/contracts';
import { StaffTable, type StaffColumn } from '@/components/staff-table';

type ScrubLinesProps = { title: string; lines: readonly ScrubSampleLine[]; total: number; testId: string };

/** Sample lines of one category of a scrub's preview (the count covers them all). */
export function ScrubLines({ title, lines, total, testId }: ScrubLinesProps) {
  const { t } = useTranslation();
  if (total === 0) return null;
  const columns: StaffColumn<ScrubSampleLine>[] = [
    { key: 'line', label: t('staff.scrubs.columns.line'), align: 'right', cell: (l) => l.line },
    { key: 'transactionId', label: t('staff.scrubs.columns.transactionId'), breakAll: true, cell: (l) => l.transactionId }, // prettier-ignore
    { key: 'reason', label: t('staff.scrubs.columns.reason'), cell: (l) => t(`staff.scrubs.reasons.${l.reason}`) },
    { key: 'note', label: t('staff.scrubs.columns.note'), cell: (l) => l.note ?? '' },
    { key: 'conversion', label: t('staff.scrubs.columns.conversion'), cell: (l) => l.conversionId ?? '' },
    { key: 'partner', label: t('staff.scrubs.columns.partner'), cell: (l) => l.partnerName ?? '' },
    {
      key: 'payout',
      label: t('staff.scrubs.columns.payout'),
      align: 'right',
      noWrap: true,
      cell: (l) => (l.payout !== null && l.currency ? formatMoneyMinor(l.payout, l.currency) : ''),
    },
  ];
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('staff.scrubs.samplesTitle', { title, shown: lines.length, total })}
      </Title>
      <StaffTable
        columns={columns}
        rows={lines}
        rowKey={(l) => l.line}
        loading={false}
        empty=""
        minWidth={720}
        testId={testId}
      />
    </Stack>
  );
}
