import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoneyMinor, type ScrubPartnerStake } from '@portal/contracts';
import { StaffTable, type StaffColumn } from '@/components/staff-table';

/** The payout and revenue a scrub puts at stake, per partner and currency. */
export function ScrubStakes({ partners }: { partners: readonly ScrubPartnerStake[] }) {
  const { t } = useTranslation();
  if (partners.length === 0) return null;
  const columns: StaffColumn<ScrubPartnerStake>[] = [
    { key: 'partner', label: t('staff.scrubs.columns.partner'), cell: (s) => s.partnerName },
    { key: 'currency', label: t('staff.scrubs.columns.currency'), cell: (s) => s.currency },
    { key: 'conversions', label: t('staff.scrubs.columns.conversions'), align: 'right', cell: (s) => s.conversions },
    { key: 'payout', label: t('staff.scrubs.columns.payout'), align: 'right', noWrap: true, cell: (s) => formatMoneyMinor(s.payout, s.currency) }, // prettier-ignore
    { key: 'revenue', label: t('staff.scrubs.columns.revenue'), align: 'right', noWrap: true, cell: (s) => formatMoneyMinor(s.revenue, s.currency) }, // prettier-ignore
  ];
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('staff.scrubs.stakesTitle')}
      </Title>
      <StaffTable
        columns={columns}
        rows={partners}
        rowKey={(s) => `${s.partnerId}:${s.currency}`}
        loading={false}
        empty=""
        minWidth={600}
        testId="staff-scrub-stakes"
      />
    </Stack>
  );
}
