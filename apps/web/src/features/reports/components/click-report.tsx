import { Anchor, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { clickCells } from '../report-rows';
import { PagedReport } from './paged-report';

const TRACKERS = [1, 2, 3, 4] as const;

/** The click report (spec section 2): Date, Hour, Offer, Click ID, IP Address, SubID, Tracker1-4; paginated. */
export function ClickReport() {
  const { t } = useTranslation();
  return (
    <PagedReport
      type="click"
      summaryKey="reports.clicks"
      minWidth={1000}
      toCells={clickCells}
      head={
        <>
          <Table.Th>{t('reports.columns.date')}</Table.Th>
          <Table.Th>{t('reports.columns.hour')}</Table.Th>
          <Table.Th>{t('reports.columns.offer')}</Table.Th>
          <Table.Th>{t('reports.columns.clickId')}</Table.Th>
          <Table.Th>{t('reports.columns.ip')}</Table.Th>
          <Table.Th>{t('reports.columns.subid')}</Table.Th>
          {TRACKERS.map((n) => (
            <Table.Th key={n}>{t('reports.columns.tracker', { n })}</Table.Th>
          ))}
        </>
      }
      renderRow={(row) => (
        <Table.Tr key={row.key} data-testid="report-row" data-id={row.clickId}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.date}</Table.Td>
          <Table.Td>{row.hour}</Table.Td>
          <Table.Td>
            <Anchor component={Link} to={paths.offer.href(row.offerId)} data-testid="report-offer-link">
              {row.offerName}
            </Anchor>
          </Table.Td>
          <Table.Td ff="monospace">{row.clickId}</Table.Td>
          <Table.Td>{row.ip}</Table.Td>
          <Table.Td>{row.subid}</Table.Td>
          {row.trackers.map((value, index) => (
            <Table.Td key={index}>{value}</Table.Td>
          ))}
        </Table.Tr>
      )}
    />
  );
}
