import { Box, Button, Center, Group, Loader, LoadingOverlay, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, type OfferSortName } from '@portal/contracts';
import { FoldingFilters } from '@/components/folding-filters';
import { useConfig } from '@/lib/config';
import { useOffers } from '../api/get-offers';
import {
  EMPTY_FILTERS,
  hasOfferFilters,
  offerFilterCount,
  nextOfferSort,
  offerSearchParams,
  offersQueryOf,
  parseOfferSearch,
  parseOfferSort,
  type OfferFilters,
} from '../offer-filters';
import { OfferFiltersForm } from './offer-filters-form';
import { OffersPagination } from './offers-pagination';
import { OffersTable } from './offers-table';

/** The offer list: filters and page live in the address, so a filtered list can be shared and reloaded. */
export function OfferList() {
  const { t } = useTranslation();
  const config = useConfig();
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters, page } = parseOfferSearch(searchParams);
  const sort = parseOfferSort(searchParams);
  const offers = useOffers(offersQueryOf(filters, page, sort));

  const payoutTypes = new Map(config.data.conversionTypeList.map((item) => [item.value, item.label]));
  const countryNames = new Map(config.countries.map((country) => [country.isoCode, country.name]));
  const total = offers.data?.total ?? 0;
  const totalPages = Math.ceil(total / DEFAULT_PAGE_SIZE);

  const submit = (next: OfferFilters) => setSearchParams(offerSearchParams(next, 1, sort));
  const reset = () => setSearchParams(offerSearchParams(EMPTY_FILTERS, 1, sort));
  const sortBy = (name: OfferSortName) => setSearchParams(offerSearchParams(filters, 1, nextOfferSort(sort, name)));
  const goTo = (next: number) => {
    setSearchParams(offerSearchParams(filters, next, sort));
    window.scrollTo({ top: 0 });
  };

  return (
    <Stack gap="md">
      {/* On a phone the form folds behind a "Filters (n)" button (decision 095). */}
      <FoldingFilters count={offerFilterCount(filters)} appliedKey={offerSearchParams(filters).toString()}>
        <Paper withBorder p="md" radius="md">
          {/* Remounted when the address changes (back, forward, a shared link) so the form shows it. */}
          <OfferFiltersForm key={offerSearchParams(filters).toString()} initial={filters} onSubmit={submit} />
        </Paper>
      </FoldingFilters>
      <Paper withBorder radius="md" pos="relative" mih={200} data-testid="offers-results">
        <LoadingOverlay
          visible={offers.isFetching && !offers.isPending}
          zIndex={10}
          overlayProps={{ blur: 1 }}
          data-testid="offers-loading"
        />
        {offers.isPending ? (
          <Stack p="md" gap="sm" data-testid="offers-skeleton" aria-busy="true">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} height={48} radius="sm" />
            ))}
          </Stack>
        ) : offers.data && offers.data.list.length > 0 ? (
          <Box data-testid="offers-loaded" aria-busy={offers.isFetching}>
            <Group justify="space-between" px="md" pt="sm">
              <Text size="sm" c="dimmed" data-testid="offers-total" data-total={total}>
                {t('offers.total', { count: total })}
              </Text>
              {/* A new search keeps the old rows under the overlay: say so where the eye is, at the top (decision 095). */}
              {offers.isFetching ? (
                <Group gap={6} data-testid="offers-searching" role="status">
                  <Loader size="xs" />
                  <Text size="sm" c="dimmed">
                    {t('common.loading')}
                  </Text>
                </Group>
              ) : null}
            </Group>
            <OffersTable
              offers={offers.data.list}
              payoutTypeLabel={(value) => payoutTypes.get(value) ?? value.toUpperCase()}
              countryName={(code) => countryNames.get(code) ?? code}
              sort={sort}
              onSort={sortBy}
            />
          </Box>
        ) : (
          <Center p="xl" mih={200}>
            <Stack align="center" gap="sm">
              <Text c="dimmed" data-testid="offers-empty">
                {offers.isError ? t('errors.generic') : t('offers.empty')}
              </Text>
              {!offers.isError && hasOfferFilters(filters) ? (
                <Button variant="light" onClick={reset} data-testid="offers-reset">
                  {t('offers.filters.reset')}
                </Button>
              ) : null}
            </Stack>
          </Center>
        )}
      </Paper>
      <OffersPagination page={page} totalPages={totalPages} onChange={goTo} disabled={offers.isFetching} />
    </Stack>
  );
}
