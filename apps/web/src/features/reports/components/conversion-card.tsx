import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CountryLabel } from '@/components/country-flag';
import { RowCard, type CardField } from '@/components/row-cards';
import { paths } from '@/lib/paths';
import type { ConversionCells } from '../report-rows';
import { ConversionNote, ConversionPayout, ConversionStatusBadge, reasonText } from './conversion-line';

/**
 * One conversion on a phone (decision 095): the offer as the heading and the money first — status, payout, goal,
 * date — then the id, the sub-ID and the trackers that are set.
 */
export function ConversionCard({ row }: { row: ConversionCells }) {
  const { t } = useTranslation();
  const reason = reasonText(t, row);
  const fields: CardField[] = [
    {
      key: 'status',
      label: t('reports.columns.status'),
      testId: 'report-status-cell',
      value: (
        <Stack gap={2} align="flex-start">
          <ConversionStatusBadge status={row.status} />
          {reason ? (
            <Text size="xs" data-testid="report-reason" data-reason={row.reason}>
              {reason}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'revenue',
      label: t('reports.columns.revenue'),
      testId: 'report-revenue',
      money: true,
      value: <ConversionPayout row={row} t={t} />,
    },
    { key: 'goal', label: t('reports.columns.goal'), value: row.goalName },
    { key: 'date', label: t('reports.columns.date'), value: row.date },
    { key: 'id', label: t('reports.columns.conversionId'), value: row.id },
    ...(row.country
      ? [{ key: 'country', label: t('reports.columns.country'), value: <CountryLabel code={row.country} /> }]
      : []),
    ...(row.subid ? [{ key: 'subid', label: t('reports.columns.subid'), value: row.subid }] : []),
    ...row.trackers.flatMap((value, index) =>
      value ? [{ key: `tc${index + 1}`, label: t('reports.columns.tracker', { n: index + 1 }), value }] : [],
    ),
  ];
  return (
    <RowCard
      title={
        <Anchor component={Link} to={paths.offer.href(row.offerId)} inherit data-testid="report-offer-link">
          {row.offerName}
        </Anchor>
      }
      fields={fields}
      data-testid="report-row"
      data-id={row.id}
      data-status={row.status}
    >
      <ConversionNote note={row.note} t={t} />
    </RowCard>
  );
}
