import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScrubErrorLine } from '@portal/contracts';
import { StaffTable, type StaffColumn } from '@/components/staff-table';

/** The file's lines that were left out, with their line number and what is wrong (the count covers them all). */
export function ScrubErrors({ errors, total }: { errors: readonly ScrubErrorLine[]; total: number }) {
  const { t } = useTranslation();
  if (total === 0) return null;
  const columns: StaffColumn<ScrubErrorLine>[] = [
    { key: 'line', label: t('staff.scrubs.columns.line'), align: 'right', cell: (e) => e.line },
    { key: 'transactionId', label: t('staff.scrubs.columns.transactionId'), breakAll: true, cell: (e) => e.transactionId }, // prettier-ignore
    { key: 'error', label: t('staff.scrubs.columns.error'), cell: (e) => t(`staff.scrubs.errors.${e.error}`) },
  ];
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('staff.scrubs.samplesTitle', { title: t('staff.scrubs.counts.errors'), shown: errors.length, total })}
      </Title>
      <StaffTable
        columns={columns}
        rows={errors}
        rowKey={(e) => e.line}
        loading={false}
        empty=""
        minWidth={600}
        testId="staff-scrub-errors"
      />
    </Stack>
  );
}
