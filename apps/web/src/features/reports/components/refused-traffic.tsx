import { Alert, Anchor, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, type RefusedTrafficQuery } from '@portal/contracts';
import { paths } from '@/lib/paths';
import { useRefusedTraffic } from '../api/get-refused-traffic';
import { useReportOffers } from '../api/get-report-offers';
import { hasDateRange, reportQueryOf } from '../report-filters';
import { useReportSearch } from '../use-report-search';

/**
 * Under the click report: the partner's links that /click refused in the same range (and offer), so that a link
 * which stopped working (an offer paused, an approval withdrawn) shows why (decision 024). Nothing when none.
 */
export function RefusedTraffic() {
  const { t } = useTranslation();
  const { filters } = useReportSearch();
  // The report's own query, less what refusals are not counted by (sub-ID and trackers).
  const { startDate, endDate, offerId } = reportQueryOf(filters);
  const query: RefusedTrafficQuery = { startDate, endDate, offerId };
  const refused = useRefusedTraffic(query, hasDateRange(filters));
  const offers = useReportOffers();
  const rows = refused.data ?? [];
  if (rows.length === 0) return null;

  const offerName = (id: number) => offers.data?.find((offer) => offer.value === String(id))?.label ?? `#${id}`;
  const total = rows.reduce((sum, row) => sum + row.clicks, 0);

  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('reports.refused.title', { count: total })}
      data-testid="refused-traffic"
    >
      <Text size="sm" mb="xs">
        {t('reports.refused.intro')}
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing={4} data-testid="refused-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reports.refused.reason')}</Table.Th>
              <Table.Th>{t('reports.columns.offer')}</Table.Th>
              <Table.Th ta="right">{t('reports.columns.clicks')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={`${row.reason}-${row.offerId}`}
                data-testid="refused-row"
                data-reason={row.reason}
                data-offer={row.offerId ?? ''}
              >
                <Table.Td>{t(`reports.refused.reasons.${row.reason}`)}</Table.Td>
                <Table.Td>
                  {row.offerId === null ? (
                    t('reports.refused.noOffer')
                  ) : (
                    <Anchor component={Link} to={paths.offer.href(row.offerId)}>
                      {offerName(row.offerId)}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td ta="right">{formatCount(row.clicks)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Alert>
  );
}
