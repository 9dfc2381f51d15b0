import { Button, Grid, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONVERSION_TYPES, type ConversionType } from '@portal/contracts';
import { renderCountryOption } from '@/components/country-flag';
import { useConfig } from '@/lib/config';
import { OFFER_STATUS_FILTERS, type OfferFilters, type OfferStatusFilter } from '../offer-filters';
import { DeferredMultiSelect, DeferredSelect, loadTypeAheadSelect } from '@/components/deferred-select';

type OfferFiltersFormProps = {
  /** The filters in the address; the form starts from them and edits a copy until Submit. */
  initial: OfferFilters;
  onSubmit: (filters: OfferFilters) => void;
};

export function OfferFiltersForm({ initial, onSubmit }: OfferFiltersFormProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const [filters, setFilters] = useState(initial);
  const set = <K extends keyof OfferFilters>(key: K, value: OfferFilters[K]) =>
    setFilters((current) => ({ ...current, [key]: value }));

  const payoutTypes = config.data.conversionTypeList.filter((item) =>
    (CONVERSION_TYPES as readonly string[]).includes(item.value),
  );
  const verticals = config.data.verticalList;
  const countries = config.countries.map((country) => ({ value: country.isoCode, label: country.name }));
  const statuses = OFFER_STATUS_FILTERS.map((status) => ({ value: status, label: t(`offers.status.${status}`) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ ...filters, name: filters.name.trim() });
  };

  return (
    <form onSubmit={submit} data-testid="offer-filters" role="search">
      <Grid align="flex-end" gap="sm">
        <Grid.Col span={{ base: 12, sm: 6, lg: 4, xl: 2 }}>
          <TextInput
            label={t('offers.filters.name')}
            placeholder={t('offers.filters.namePlaceholder')}
            value={filters.name}
            maxLength={100}
            onChange={(event) => set('name', event.currentTarget.value)}
            data-testid="filter-name"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 4, xl: 2 }}>
          <DeferredSelect
            load={loadTypeAheadSelect}
            label={t('offers.filters.payoutType')}
            placeholder={t('offers.filters.any')}
            data={payoutTypes}
            value={filters.conversionType}
            onChange={(value) => set('conversionType', value as ConversionType | null)}
            clearable
            comboboxProps={{ withinPortal: true }}
            data-testid="filter-payout-type"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 4, xl: 2 }}>
          <DeferredMultiSelect
            label={t('offers.filters.verticals')}
            placeholder={filters.verticals.length === 0 ? t('offers.filters.any') : undefined}
            data={verticals}
            value={filters.verticals}
            onChange={(value) => set('verticals', value)}
            searchable
            clearable
            data-testid="filter-verticals"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 4, xl: 2 }}>
          <DeferredSelect
            load={loadTypeAheadSelect}
            label={t('offers.filters.status')}
            placeholder={t('offers.filters.any')}
            data={statuses}
            value={filters.status}
            onChange={(value) => set('status', value as OfferStatusFilter | null)}
            clearable
            data-testid="filter-status"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9, lg: 6, xl: 2 }}>
          <DeferredMultiSelect
            label={t('offers.filters.countries')}
            placeholder={filters.countries.length === 0 ? t('offers.filters.any') : undefined}
            data={countries}
            value={filters.countries}
            onChange={(value) => set('countries', value)}
            renderOption={renderCountryOption}
            searchable
            clearable
            data-testid="filter-countries"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3, lg: 2, xl: 2 }}>
          <Button type="submit" fullWidth data-testid="filter-submit">
            {t('offers.filters.submit')}
          </Button>
        </Grid.Col>
      </Grid>
    </form>
  );
}
