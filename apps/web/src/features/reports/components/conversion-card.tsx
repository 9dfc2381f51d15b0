import type { TFunction } from 'i18next';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CONVERSION_STATUSES } from '@portal/contracts';
import { CountryLabel } from '@/components/country-flag';
import { lean, LeanBadge, LeanLink } from '@/components/lean';
import { RowCard, type CardField } from '@/components/row-cards';
import { paths } from '@/lib/paths';
import type { ConversionCells } from '../report-rows';
import { ConversionNote, ConversionPayout, reasonText, STATUS_COLORS } from './conversion-line';

const TRACKERS = [1, 2, 3, 4] as const;

/** The texts every card repeats, resolved once a page rather than once a card (decision 147). */
export type ConversionCardLabels = ReturnType<typeof cardLabels>;

function cardLabels(t: TFunction) {
  return {
    t,
    status: t('reports.columns.status'),
    revenue: t('reports.columns.revenue'),
    goal: t('reports.columns.goal'),
    date: t('reports.columns.date'),
    id: t('reports.columns.conversionId'),
    country: t('reports.columns.country'),
    subid: t('reports.columns.subid'),
    trackers: TRACKERS.map((n) => t('reports.columns.tracker', { n })),
    statuses: Object.fromEntries(
      CONVERSION_STATUSES.map((status) => [status, t(`reports.status.${status}`)]),
    ) as Record<ConversionCells['status'], string>,
  };
}

/** The cards' labels, read again only when the language changes. */
export function useConversionCardLabels(): ConversionCardLabels {
  const { t } = useTranslation();
  return useMemo(() => cardLabels(t), [t]);
}

/**
 * One conversion on a phone (decision 095): the offer as the heading and the money first — status, payout, goal,
 * date — then the id, the sub-ID and the trackers that are set. Plain elements styled as Mantine's (decision 147),
 * drawn again only when its row changes.
 */
export const ConversionCard = memo(function ConversionCard({
  row,
  labels,
}: {
  row: ConversionCells;
  labels: ConversionCardLabels;
}) {
  const reason = reasonText(labels.t, row);
  const fields: CardField[] = [
    {
      key: 'status',
      label: labels.status,
      testId: 'report-status-cell',
      value: (
        <div className={lean.lines} data-start>
          <LeanBadge
            variant="light"
            color={STATUS_COLORS[row.status]}
            style={{ minWidth: 'max-content' }}
            data-testid="report-status"
          >
            {labels.statuses[row.status]}
          </LeanBadge>
          {reason ? (
            <p className={lean.xs} data-testid="report-reason" data-reason={row.reason}>
              {reason}
            </p>
          ) : null}
        </div>
      ),
    },
    {
      key: 'revenue',
      label: labels.revenue,
      testId: 'report-revenue',
      money: true,
      value: <ConversionPayout row={row} t={labels.t} />,
    },
    { key: 'goal', label: labels.goal, value: row.goalName },
    { key: 'date', label: labels.date, value: row.date },
    { key: 'id', label: labels.id, value: row.id },
    ...(row.country ? [{ key: 'country', label: labels.country, value: <CountryLabel code={row.country} /> }] : []),
    ...(row.subid ? [{ key: 'subid', label: labels.subid, value: row.subid }] : []),
    ...row.trackers.flatMap((value, index) =>
      value ? [{ key: `tc${index + 1}`, label: labels.trackers[index] ?? '', value }] : [],
    ),
  ];
  return (
    <RowCard
      title={
        <LeanLink size="inherit" to={paths.offer.href(row.offerId)} data-testid="report-offer-link">
          {row.offerName}
        </LeanLink>
      }
      fields={fields}
      data-testid="report-row"
      data-id={row.id}
      data-status={row.status}
    >
      <ConversionNote note={row.note} t={labels.t} />
    </RowCard>
  );
});
