import { Anchor, Image, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPayout, imageVariantUrl } from '@portal/contracts';
import { CountryFlags } from '@/components/country-flags';
import { paths } from '@/lib/paths';
import type { OfferItem } from '../types';
import { OfferStatusBadge } from './offer-status-badge';

type OffersTableProps = {
  offers: OfferItem[];
  payoutTypeLabel: (value: string) => string;
  countryName: (code: string) => string;
};

export const verticalNames = (offer: OfferItem) => offer.verticalItems.map((vertical) => vertical.name).join(' / ');

/** Columns of spec section 2: image, name, geos, payout type, payout, approval status, verticals. */
export function OffersTable({ offers, payoutTypeLabel, countryName }: OffersTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="offers-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={72}>{t('offers.columns.image')}</Table.Th>
            <Table.Th>{t('offers.columns.name')}</Table.Th>
            <Table.Th>{t('offers.columns.geos')}</Table.Th>
            <Table.Th>{t('offers.columns.payoutType')}</Table.Th>
            <Table.Th>{t('offers.columns.payout')}</Table.Th>
            <Table.Th>{t('offers.columns.approvalStatus')}</Table.Th>
            <Table.Th>{t('offers.columns.verticals')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {offers.map((offer) => (
            <Table.Tr key={offer.id} data-testid="offer-row" data-offer-id={offer.id}>
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
              <Table.Td>
                <Anchor component={Link} to={paths.offer.href(offer.id)} fw={500} data-testid="offer-name">
                  {offer.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <CountryFlags codes={offer.countries} nameOf={countryName} data-testid="offer-geos" />
              </Table.Td>
              <Table.Td data-testid="offer-payout-type">{payoutTypeLabel(offer.conversionType)}</Table.Td>
              <Table.Td data-testid="offer-payout">
                <Text component="span" size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatPayout(offer.payout)}
                </Text>
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
