import { Anchor, Box, Center, Group, LoadingOverlay, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DEFAULT_TOP_OFFER_DATE,
  TOP_OFFER_DATES,
  formatPayout,
  type TopOfferDate,
  type TopOfferRow,
  formatMoneyAmounts,
} from '@portal/contracts';
import { countryFlagSection, renderCountryOption } from '@/components/country-flag';
import { DeferredSelect, loadSelect, loadTypeAheadSelect } from '@/components/deferred-select';
import { CountryFlags } from '@/components/country-flags';
import { useConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { useTopOffers } from '../api/get-top-offers';
import { BlockError, DashboardBlock } from './dashboard-block';

/** The country select's value for no filter (a select's values are strings, never empty). */
export const ALL_COUNTRIES = 'all';

/** 'Top Offers' (spec section 2): filtered by country (default all) and period (default week). */
export function TopOffers({ currency }: { currency: string }) {
  const { t } = useTranslation();
  const config = useConfig();
  const [country, setCountry] = useState(ALL_COUNTRIES);
  const [date, setDate] = useState<TopOfferDate>(DEFAULT_TOP_OFFER_DATE);
  const offers = useTopOffers({ country: country === ALL_COUNTRIES ? undefined : country, date });

  const countryOptions = [
    { value: ALL_COUNTRIES, label: t('dashboard.topOffers.allCountries') },
    ...config.countries.map((item) => ({ value: item.isoCode, label: item.name })),
  ];
  const periodOptions = TOP_OFFER_DATES.map((value) => ({ value, label: t(`dashboard.topOffers.periods.${value}`) }));

  const filters = (
    <Group gap="sm" align="flex-end">
      <DeferredSelect
        load={loadSelect}
        label={t('dashboard.topOffers.country')}
        data={countryOptions}
        value={country}
        onChange={(value) => setCountry(value ?? ALL_COUNTRIES)}
        renderOption={renderCountryOption}
        leftSection={countryFlagSection(country)}
        allowDeselect={false}
        searchable
        w={220}
        data-testid="top-offers-country"
      />
      <DeferredSelect
        load={loadTypeAheadSelect}
        label={t('dashboard.topOffers.period')}
        data={periodOptions}
        value={date}
        onChange={(value) => setDate((value as TopOfferDate | null) ?? DEFAULT_TOP_OFFER_DATE)}
        allowDeselect={false}
        w={160}
        data-testid="top-offers-period"
      />
    </Group>
  );

  return (
    <DashboardBlock title={t('dashboard.topOffers.title')} actions={filters} data-testid="top-offers">
      {offers.isPending ? (
        <Stack gap="sm" data-testid="top-offers-loading" aria-busy="true">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={36} radius="sm" />
          ))}
        </Stack>
      ) : !offers.data ? (
        <BlockError>{t('errors.generic')}</BlockError>
      ) : offers.data.length === 0 ? (
        <Center mih={120}>
          <Text c="dimmed" data-testid="top-offers-empty">
            {t('dashboard.topOffers.empty')}
          </Text>
        </Center>
      ) : (
        <Box pos="relative" aria-busy={offers.isFetching} data-testid="top-offers-loaded">
          <LoadingOverlay visible={offers.isFetching} zIndex={10} overlayProps={{ blur: 1 }} />
          <TopOffersTable rows={offers.data} currency={currency} />
        </Box>
      )}
    </DashboardBlock>
  );
}

function TopOffersTable({ rows, currency }: { rows: TopOfferRow[]; currency: string }) {
  const { t } = useTranslation();
  const config = useConfig();
  const payoutModes = new Map(config.data.conversionTypeList.map((item) => [item.value, item.label]));
  const countryNames = new Map(config.countries.map((item) => [item.isoCode, item.name]));
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover withTableBorder data-testid="top-offers-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>{t('dashboard.topOffers.columns.rank')}</Table.Th>
            <Table.Th>{t('dashboard.topOffers.columns.name')}</Table.Th>
            <Table.Th>{t('dashboard.topOffers.columns.geos')}</Table.Th>
            <Table.Th>{t('dashboard.topOffers.columns.payoutMode')}</Table.Th>
            <Table.Th>{t('dashboard.topOffers.columns.payout')}</Table.Th>
            <Table.Th ta="right">{t('dashboard.topOffers.columns.epc')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.offer.id} data-testid="top-offer-row" data-offer-id={row.offer.id}>
              <Table.Td data-testid="rank">{row.rank}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={paths.offer.href(row.offer.id)} fw={500} data-testid="name">
                  {row.offer.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <CountryFlags
                  codes={row.offer.countries}
                  nameOf={(code) => countryNames.get(code) ?? code}
                  data-testid="geos"
                />
              </Table.Td>
              <Table.Td data-testid="payout-mode">
                {payoutModes.get(row.offer.conversionType) ?? row.offer.conversionType.toUpperCase()}
              </Table.Td>
              <Table.Td data-testid="payout" style={{ whiteSpace: 'nowrap' }}>
                {formatPayout(row.offer.payout)}
              </Table.Td>
              <Table.Td ta="right" data-testid="epc" style={{ whiteSpace: 'nowrap' }}>
                {formatMoneyAmounts(row.epc, currency)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
