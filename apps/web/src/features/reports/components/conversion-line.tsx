import { Anchor, Badge, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CLICK_ATTRIBUTION_DAYS, type ConversionStatus } from '@portal/contracts';
import { paths } from '@/lib/paths';
import { CountryLabel } from '@/components/country-flag';
import { Hint } from '@/components/hint';
import type { ConversionCells } from '../report-rows';

export const STATUS_COLORS: Record<ConversionStatus, string> = { approved: 'teal', pending: 'yellow', rejected: 'red' };

/**
 * One conversion of the report. The status says why in words — a reversal as 'Reversed: refund' (decision 069), a
 * decline on review as 'Declined on review: invalid traffic' (decision 079) — with
 * the note of the latest change written beneath, visible rather than in a tooltip so that a phone reads it too; a
 * payout changed after the fact shows the one before struck through, then the one now.
 */
export function ConversionLine({ row }: { row: ConversionCells }) {
  const { t } = useTranslation();
  const reason = reasonText(t, row);
  const help = row.reason
    ? t(`reports.reasonHelp.${row.reason}`, { days: CLICK_ATTRIBUTION_DAYS })
    : row.status === 'pending'
      ? t('reports.pendingHelp')
      : null;
  return (
    <Table.Tr data-testid="report-row" data-id={row.id} data-status={row.status}>
      <Table.Td>{row.id}</Table.Td>
      <Table.Td>
        <Anchor component={Link} to={paths.offer.href(row.offerId)} data-testid="report-offer-link">
          {row.offerName}
        </Anchor>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.date}</Table.Td>
      <Table.Td>
        <Hint label={row.goal} disabled={row.goal === row.goalName}>
          <span tabIndex={row.goal === row.goalName ? undefined : 0} data-testid="report-goal" data-code={row.goal}>
            {row.goalName}
          </span>
        </Hint>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="report-revenue">
        <ConversionPayout row={row} t={t} />
      </Table.Td>
      <Table.Td>
        <Hint label={help ?? ''} disabled={!help} width={280}>
          <Stack gap={2} align="flex-start" tabIndex={help ? 0 : undefined} data-testid="report-status-cell">
            <ConversionStatusBadge status={row.status} />
            {reason ? (
              <Text size="xs" data-testid="report-reason" data-reason={row.reason}>
                {reason}
              </Text>
            ) : null}
          </Stack>
        </Hint>
        <ConversionNote note={row.note} t={t} />
      </Table.Td>
      <Table.Td>{row.subid}</Table.Td>
      {row.trackers.map((value, index) => (
        <Table.Td key={index}>{value}</Table.Td>
      ))}
      <Table.Td ff="monospace" data-testid="report-click-id">
        {row.clickId}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.clickDate}</Table.Td>
      <Table.Td ff="monospace" data-testid="report-transaction-id">
        {row.transactionId}
      </Table.Td>
      <Table.Td>
        <CountryLabel code={row.country} />
      </Table.Td>
    </Table.Tr>
  );
}

/** Why a conversion is not (or no longer) approved, in words; null for an approved or simply pending one. */
export function reasonText(t: TFunction, row: ConversionCells): string | null {
  return row.reason === 'reversed' && row.reversalReason
    ? t('reports.reversedBecause', { reason: t(`reports.reversalReasons.${row.reversalReason}`) })
    : row.reason === 'declined' && row.declineReason
      ? t('reports.declinedBecause', { reason: t(`reports.declineReasons.${row.declineReason}`) })
      : row.reason === 'fraud_review' && row.signals.length > 0
        ? t('reports.underReview', { rules: row.signals.map((rule) => t(`reports.signals.${rule}`)).join('; ') })
        : row.reason
          ? t(`reports.reasons.${row.reason}`)
          : null;
}

export function ConversionStatusBadge({ status }: { status: ConversionCells['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={STATUS_COLORS[status]}
      style={{ minWidth: 'max-content' }}
      data-testid="report-status"
    >
      {t(`reports.status.${status}`)}
    </Badge>
  );
}

/** The payout (the caller's `t`: one hook less a row); one changed after the fact shows the one before struck through (read out in words), then the one now. */
export function ConversionPayout({ row, t }: { row: ConversionCells; t: TFunction }) {
  return (
    <>
      {row.originalRevenue ? (
        <>
          <VisuallyHidden data-testid="report-amounts-label">
            {t(row.reason === 'reversed' ? 'reports.reversedFrom' : 'reports.adjustedFrom', {
              original: row.originalRevenue,
              amount: row.revenue,
            })}
          </VisuallyHidden>
          <span aria-hidden="true">
            <s data-testid="report-original">{row.originalRevenue}</s> {row.revenue}
          </span>
        </>
      ) : (
        row.revenue
      )}
      {row.status === 'rejected' ? (
        <p className="lean-xs lean-dimmed" data-testid="report-unpaid">
          {t('reports.unpaid')}
        </p>
      ) : null}
    </>
  );
}

/** The note of the latest change after the fact, written out so that a phone reads it too. */
export function ConversionNote({ note, t }: { note: string; t: TFunction }) {
  if (!note) return null;
  return (
    <Text
      size="xs"
      fs="italic"
      maw={260}
      mt={2}
      style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}
      data-testid="report-note"
    >
      {t('reports.note', { note })}
    </Text>
  );
}
