import { Anchor, Badge, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CLICK_ATTRIBUTION_DAYS, type ConversionStatus } from '@portal/contracts';
import { paths } from '@/lib/paths';
import type { ConversionCells } from '../report-rows';

const STATUS_COLORS: Record<ConversionStatus, string> = { approved: 'teal', pending: 'yellow', rejected: 'red' };

/**
 * One conversion of the report. The status says why in words — a reversal as 'Reversed: refund' (decision 069) — with
 * the note of the latest change written beneath, visible rather than in a tooltip so that a phone reads it too; a
 * payout changed after the fact shows the one before struck through, then the one now.
 */
export function ConversionLine({ row }: { row: ConversionCells }) {
  const { t } = useTranslation();
  const reason =
    row.reason === 'reversed' && row.reversalReason
      ? t('reports.reversedBecause', { reason: t(`reports.reversalReasons.${row.reversalReason}`) })
      : row.reason
        ? t(`reports.reasons.${row.reason}`)
        : null;
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
      <Table.Td>{row.goal}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="report-revenue">
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
          <Text size="xs" c="dimmed" data-testid="report-unpaid">
            {t('reports.unpaid')}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Tooltip label={help ?? ''} disabled={!help} multiline w={280} withArrow>
          <Stack gap={2} align="flex-start" tabIndex={help ? 0 : undefined} data-testid="report-status-cell">
            <Badge
              variant="light"
              color={STATUS_COLORS[row.status]}
              style={{ minWidth: 'max-content' }}
              data-testid="report-status"
            >
              {t(`reports.status.${row.status}`)}
            </Badge>
            {reason ? (
              <Text size="xs" data-testid="report-reason" data-reason={row.reason}>
                {reason}
              </Text>
            ) : null}
          </Stack>
        </Tooltip>
        {row.note ? (
          <Text
            size="xs"
            fs="italic"
            maw={260}
            mt={2}
            style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}
            data-testid="report-note"
          >
            {t('reports.note', { note: row.note })}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{row.subid}</Table.Td>
      {row.trackers.map((value, index) => (
        <Table.Td key={index}>{value}</Table.Td>
      ))}
    </Table.Tr>
  );
}
