import { Anchor, Image, Table, Text } from '@mantine/core';
import { memo, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoneyMinor, imageVariantUrl, type OfferSortName } from '@portal/contracts';
import { CountryFlags } from '@/components/country-flags';
import { cx, LeanLink } from '@/components/lean';
import { RowCard, RowCards, usePhoneLayout } from '@/components/row-cards';
import { SortableTh } from '@/components/sortable-th';
import { paths } from '@/lib/paths';
import { useFirstRowsFirst } from '@/lib/use-first-rows-first';
import type { OfferSort } from '../offer-filters';
import type { OfferItem } from '../types';
import { OfferPayoutCell, verticalNames } from './offer-payout-cell';
import { OfferStatusBadge } from './offer-status-badge';

type OffersTableProps = {
  offers: OfferItem[];
  payoutTypeLabel: (value: string) => string;
  countryName: (code: string) => string;
  sort: OfferSort;
  onSort: (name: OfferSortName) => void;
};

/**
 * Columns of spec section 2 (image, name, geos, payout type, payout, approval status, verticals) with the offer's
 * id first and the EPC of the last 30 days (the partner's own, and the network's for a public offer); the id, name,
 * payout and both EPC headers sort the list.
 */
export function OffersTable({ offers: allOffers, payoutTypeLabel, countryName, sort, onSort }: OffersTableProps) {
  const { t } = useTranslation();
  // The first rows with the list, the others in a transition (decision 139).
  const offers = allOffers.slice(0, useFirstRowsFirst(allOffers.length));
  const drawing = offers.length < allOffers.length;
  const phone = usePhoneLayout();
  const sortable = (name: OfferSortName, label: string, wrap = false) => (
    <SortableTh
      order={sort.name === name ? sort.order : null}
      onSort={() => onSort(name)}
      wrap={wrap}
      data-testid={`sort-${name}`}
    >
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
  if (phone) return <OfferCards offers={offers} payoutTypeLabel={payoutTypeLabel} countryName={countryName} />;
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table verticalSpacing="sm" horizontalSpacing={8} highlightOnHover data-testid="offers-table" aria-busy={drawing}>
        <Table.Thead>
          <Table.Tr>
            {sortable('id', t('offers.columns.id'))}
            <Table.Th w={64}>{t('offers.columns.image')}</Table.Th>
            {sortable('name', t('offers.columns.name'))}
            <Table.Th>{t('offers.columns.geos')}</Table.Th>
            <Table.Th>{t('offers.columns.payoutType')}</Table.Th>
            {sortable('payout', t('offers.columns.payout'))}
            {/* The EPC headers break over two lines: with them the list fits 1366 px (decision 095). */}
            {sortable('epc', t('offers.columns.epc'), true)}
            {sortable('networkEpc', t('offers.columns.networkEpc'), true)}
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
                    w={48}
                    h={48}
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
                <OfferPayoutCell offer={offer} headline />
              </Table.Td>
              <Table.Td data-testid="offer-epc" style={{ whiteSpace: 'nowrap' }}>
                {epc(offer.epc.own, offer.currency.isoCode)}
              </Table.Td>
              <Table.Td data-testid="offer-network-epc" style={{ whiteSpace: 'nowrap' }}>
                {epc(offer.epc.network, offer.currency.isoCode)}
              </Table.Td>
              <Table.Td miw={120}>
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

/** The texts every card repeats, resolved once a list rather than once a card (decision 147). */
type CardLabels = Record<'payout' | 'epc' | 'networkEpc' | 'payoutType' | 'id' | 'geos' | 'verticals', string> & {
  epcNone: string;
  noValue: string;
};

/** The offers on a phone: one card each, the labels read once. */
function OfferCards({
  offers,
  payoutTypeLabel,
  countryName,
}: Pick<OffersTableProps, 'offers' | 'payoutTypeLabel' | 'countryName'>) {
  const { t } = useTranslation();
  const labels = useMemo<CardLabels>(
    () => ({
      payout: t('offers.columns.payout'),
      epc: t('offers.columns.epc'),
      networkEpc: t('offers.columns.networkEpc'),
      payoutType: t('offers.columns.payoutType'),
      id: t('offers.columns.id'),
      geos: t('offers.columns.geos'),
      verticals: t('offers.columns.verticals'),
      epcNone: t('offers.epcNone'),
      noValue: t('offers.noValue'),
    }),
    [t],
  );
  return (
    <RowCards label={t('offers.cardsLabel')} testId="offers-cards">
      {offers.map((offer) => (
        <OfferCard
          key={offer.id}
          offer={offer}
          payoutType={payoutTypeLabel(offer.conversionType)}
          countryName={countryName}
          labels={labels}
        />
      ))}
    </RowCards>
  );
}

/** An EPC in a card: the amount, or a dimmed dash that says there is none yet. */
function cardEpc(value: number | null, currency: string, labels: CardLabels): ReactNode {
  return value === null ? (
    <span className={cx('lean-sm', 'lean-dimmed')} title={labels.epcNone}>
      {labels.noValue}
    </span>
  ) : (
    formatMoneyMinor(value, currency)
  );
}

type OfferCardProps = {
  offer: OfferItem;
  payoutType: string;
  countryName: (code: string) => string;
  labels: CardLabels;
};

/**
 * An offer on a phone (decision 095): its name as the heading and its status beside it, then the money — payout and
 * EPCs — before the payout type, the geos, the verticals and the id. Drawn again only when its offer changes.
 */
const OfferCard = memo(function OfferCard({ offer, payoutType, countryName, labels }: OfferCardProps) {
  return (
    <RowCard
      title={
        <LeanLink size="inherit" to={paths.offer.href(offer.id)} data-testid="offer-name">
          {offer.name}
        </LeanLink>
      }
      aside={<OfferStatusBadge status={offer.partnerStatus} />}
      fields={[
        {
          key: 'payout',
          label: labels.payout,
          value: <OfferPayoutCell offer={offer} headline />,
          money: true,
          wide: true,
          testId: 'offer-payout',
        },
        {
          key: 'epc',
          label: labels.epc,
          value: cardEpc(offer.epc.own, offer.currency.isoCode, labels),
          money: true,
          testId: 'offer-epc',
        },
        {
          key: 'networkEpc',
          label: labels.networkEpc,
          value: cardEpc(offer.epc.network, offer.currency.isoCode, labels),
          money: true,
          testId: 'offer-network-epc',
        },
        { key: 'payoutType', label: labels.payoutType, value: payoutType, testId: 'offer-payout-type' },
        { key: 'id', label: labels.id, value: offer.id, testId: 'offer-id' },
        {
          key: 'geos',
          label: labels.geos,
          value: <CountryFlags codes={offer.countries} nameOf={countryName} data-testid="offer-geos" />,
          wide: true,
        },
        ...(offer.verticalItems.length > 0
          ? [
              {
                key: 'verticals',
                label: labels.verticals,
                value: verticalNames(offer),
                wide: true,
                testId: 'offer-verticals',
              },
            ]
          : []),
      ]}
      data-testid="offer-row"
      data-offer-id={offer.id}
    />
  );
});
