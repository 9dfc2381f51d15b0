import { Anchor, Image, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoneyMinor, imageVariantUrl, type OfferSortName } from '@portal/contracts';
import { CountryFlags } from '@/components/country-flags';
import { SortableTh } from '@/components/sortable-th';
import { paths } from '@/lib/paths';
import type { OfferSort } from '../offer-filters';
import { payoutLines } from '../offer-payout';
import type { OfferItem } from '../types';
import { OfferStatusBadge } from './offer-status-badge';

type OffersTableProps = {
  offers: OfferItem[];
  payoutTypeLabel: (value: string) => string;
  countryName: (code: string) => string;
  sort: OfferSort;
  onSort: (name: OfferSortName) => void;
};

export const verticalNames = (offer: OfferItem) => offer.verticalItems.map((vertical) => vertical.name).join(' / ');

/** Every public goal's payout, one per line; 'Variable' when no goal pays a fixed amount or a rate. */
export function OfferPayoutCell({ offer }: { offer: OfferItem }) {
  const { t } = useTranslation();
  const lines = payoutLines(offer.payouts, t('offers.variable'));
  if (lines.length === 0) return <Text size="sm">{t('offers.variable')}</Text>;
  return (
    <Stack gap={2}>
      {lines.map((line) => (
        <Text key={line.goal} size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="offer-goal-payout">
          {lines.length > 1 ? <Text span c="dimmed" size="sm">{`${line.name}: `}</Text> : null}
          {line.value}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * Columns of spec section 2 (image, name, geos, payout type, payout, approval status, verticals) with the offer's
 * id first and the EPC of the last 30 days (the partner's own, and the network's for a public offer); the id, name,
 * payout and both EPC headers sort the list.
 */
export function OffersTable({ offers, payoutTypeLabel, countryName, sort, onSort }: OffersTableProps) {
  const { t } = useTranslation();
  const sortable = (name: OfferSortName, label: string) => (
    <SortableTh order={sort.name === name ? sort.order : null} onSort={() => onSort(name)} data-testid={`sort-${name}`}>
      {label}
    </SortableTh>
  );
  const epc = (value: number | null, currency: string) =>
    value === null ? (
      <Text span size="sm" c="dimmed" title={t('offers.epcNone')}>
        {t('offers.noValue')}
      </Text>
    ) : (
      formatMoneyMinor(value, currency)
    );
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="offers-table">
        <Table.Thead>
          <Table.Tr>
            {sortable('id', t('offers.columns.id'))}
            <Table.Th w={72}>{t('offers.columns.image')}</Table.Th>
            {sortable('name', t('offers.columns.name'))}
            <Table.Th>{t('offers.columns.geos')}</Table.Th>
            <Table.Th>{t('offers.columns.payoutType')}</Table.Th>
            {sortable('payout', t('offers.columns.payout'))}
            {sortable('epc', t('offers.columns.epc'))}
            {sortable('networkEpc', t('offers.columns.networkEpc'))}
            <Table.Th>{t('offers.columns.approvalStatus')}</Table.Th>
            <Table.Th>{t('offers.columns.verticals')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {offers.map((offer) => (
            <Table.Tr key={offer.id} data-testid="offer-row" data-offer-id={offer.id}>
              <Table.Td data-testid="offer-id">{offer.id}</Table.Td>
              <Table.Td>
                {offer.image ? (
                  <Image
                    src={imageVariantUrl(offer.image, 'offerThumbnail')}
                    alt={t('offers.imageAlt', { name: offer.name })}
                    w={56}
                    h={56}
                    radius="sm"
                    loading="lazy"
                    data-testid="offer-image"
                  />
                ) : null}
              </Table.Td>
              <Table.Td miw={180}>
                <Anchor component={Link} to={paths.offer.href(offer.id)} fw={500} data-testid="offer-name">
                  {offer.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <CountryFlags codes={offer.countries} nameOf={countryName} data-testid="offer-geos" />
              </Table.Td>
              <Table.Td data-testid="offer-payout-type">{payoutTypeLabel(offer.conversionType)}</Table.Td>
              <Table.Td data-testid="offer-payout">
                <OfferPayoutCell offer={offer} />
              </Table.Td>
              <Table.Td data-testid="offer-epc" style={{ whiteSpace: 'nowrap' }}>
                {epc(offer.epc.own, offer.currency.isoCode)}
              </Table.Td>
              <Table.Td data-testid="offer-network-epc" style={{ whiteSpace: 'nowrap' }}>
                {epc(offer.epc.network, offer.currency.isoCode)}
              </Table.Td>
              <Table.Td miw={130}>
                <OfferStatusBadge status={offer.partnerStatus} />
              </Table.Td>
              <Table.Td data-testid="offer-verticals">{verticalNames(offer)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
