import { Anchor, Badge, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RowCard } from '@/components/row-cards';
import { paths } from '@/lib/paths';
import { CountryLabel } from '@/components/country-flag';
import { clickCells } from '../report-rows';
import { PagedReport } from './paged-report';

const TRACKERS = [1, 2, 3, 4] as const;

/**
 * The click report (spec section 2): Date, Hour, Offer, Click ID, IP Address, SubID, Tracker1-4; paginated. Added to
 * reconcile with a tracker (issue 47): the visitor's country, device type and browser, and whether it converted.
 */
export function ClickReport() {
  const { t } = useTranslation();
  return (
    <PagedReport
      type="click"
      summaryKey="reports.clicks"
      minWidth={1400}
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
          <Table.Th>{t('reports.columns.country')}</Table.Th>
          <Table.Th>{t('reports.columns.device')}</Table.Th>
          <Table.Th>{t('reports.columns.browser')}</Table.Th>
          <Table.Th>{t('reports.columns.converted')}</Table.Th>
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
          <Table.Td data-testid="report-country">
            <CountryLabel code={row.country} />
          </Table.Td>
          <Table.Td>{t(`reports.devices.${row.deviceType}`)}</Table.Td>
          <Table.Td>{row.browser}</Table.Td>
          <Table.Td data-testid="report-converted">
            {row.converted ? (
              <Badge variant="light" color="teal">
                {t('reports.convertedYes')}
              </Badge>
            ) : (
              t('reports.convertedNo')
            )}
          </Table.Td>
        </Table.Tr>
      )}
      renderCard={(row) => (
        // A click on a phone (decision 095): the offer as the heading, then when, the click id and what is set.
        <RowCard
          key={row.key}
          title={
            <Anchor component={Link} to={paths.offer.href(row.offerId)} inherit data-testid="report-offer-link">
              {row.offerName}
            </Anchor>
          }
          fields={[
            { key: 'date', label: t('reports.columns.date'), value: `${row.date} ${row.hour}` },
            { key: 'ip', label: t('reports.columns.ip'), value: row.ip },
            { key: 'clickId', label: t('reports.columns.clickId'), value: row.clickId, wide: true },
            ...(row.country
              ? [{ key: 'country', label: t('reports.columns.country'), value: <CountryLabel code={row.country} /> }]
              : []),
            ...(row.subid ? [{ key: 'subid', label: t('reports.columns.subid'), value: row.subid }] : []),
            ...row.trackers.flatMap((value, index) =>
              value ? [{ key: `tc${index + 1}`, label: t('reports.columns.tracker', { n: index + 1 }), value }] : [],
            ),
          ]}
          data-testid="report-row"
          data-id={row.clickId}
        />
      )}
    />
  );
}
