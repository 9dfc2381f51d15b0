import { Anchor, Badge, Table, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConversionStatus } from '@portal/contracts';
import { paths } from '@/lib/paths';
import { conversionCells } from '../report-rows';
import { PagedReport } from './paged-report';

const TRACKERS = [1, 2, 3, 4] as const;
const STATUS_COLORS: Record<ConversionStatus, string> = { approved: 'teal', pending: 'yellow', rejected: 'red' };

/**
 * The conversion report (spec section 2): Conversion ID, Offer, Date, Revenue, Tracker1-4; paginated.
 * Status (with the rejection reason) is our addition: it tells why a conversion earns nothing.
 */
export function ConversionReport() {
  const { t } = useTranslation();
  return (
    <PagedReport
      type="conversion"
      summaryKey="reports.conversions"
      minWidth={1000}
      toCells={conversionCells}
      head={
        <>
          <Table.Th>{t('reports.columns.conversionId')}</Table.Th>
          <Table.Th>{t('reports.columns.offer')}</Table.Th>
          <Table.Th>{t('reports.columns.date')}</Table.Th>
          <Table.Th ta="right">{t('reports.columns.revenue')}</Table.Th>
          {TRACKERS.map((n) => (
            <Table.Th key={n}>{t('reports.columns.tracker', { n })}</Table.Th>
          ))}
          <Table.Th>{t('reports.columns.status')}</Table.Th>
        </>
      }
      renderRow={(row) => (
        <Table.Tr key={row.key} data-testid="report-row" data-id={row.id}>
          <Table.Td>{row.id}</Table.Td>
          <Table.Td>
            <Anchor component={Link} to={paths.offer.href(row.offerId)} data-testid="report-offer-link">
              {row.offerName}
            </Anchor>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.date}</Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            {row.revenue}
          </Table.Td>
          {row.trackers.map((value, index) => (
            <Table.Td key={index}>{value}</Table.Td>
          ))}
          <Table.Td>
            <Tooltip label={row.reason ? t(`reports.reasons.${row.reason}`) : ''} disabled={!row.reason}>
              <Badge
                variant="light"
                color={STATUS_COLORS[row.status]}
                style={{ minWidth: 'max-content' }}
                data-testid="report-status"
              >
                {t(`reports.status.${row.status}`)}
              </Badge>
            </Tooltip>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
