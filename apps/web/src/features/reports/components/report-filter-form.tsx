import { Button, Text, TextInput } from '@mantine/core';
import { useState, type CSSProperties, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_REPORT_COUNTRIES,
  MAX_REPORT_RANGE_DAYS,
  REPORT_DATE_PRESETS,
  TRACKING_VALUE_MAX_LENGTH,
  type ReportDatePreset,
} from '@portal/contracts';
import { renderCountryOption } from '@/components/country-flag';
import { DayRangeInput } from '@/components/day-range-input';
import { useConfig } from '@/lib/config';
import type { DayRange } from '@/lib/dates';
import { useReportOffers } from '../api/get-report-offers';
import {
  TRACKING_FILTERS,
  filtersForPreset,
  matchingPreset,
  rangeError,
  reportSearchParams,
  type Clock,
  type ReportFilters,
} from '../report-filters';
import { DeferredMultiSelect, DeferredSelect, loadSelect, loadTypeAheadSelect } from '@/components/deferred-select';
import './report-filter-form.css';

type ReportFilterFormProps = {
  /** The filter in the address; the form edits a copy until Submit. */
  initial: ReportFilters;
  clock: Clock;
  onSubmit: (filters: ReportFilters) => void;
};

/** A cell's columns of twelve below `sm`, from `sm` and from `lg` (report-filter-form.css). */
const cellSpan = (base: number, sm: number, lg: number) =>
  ({ '--span': base, '--span-sm': sm, '--span-lg': lg }) as CSSProperties;

/**
 * The shared report filter (spec section 2): offer, subid, tc1–tc4 and a date range with presets; and the visitors'
 * countries, any of several, picked by name with their flags (decision 110).
 */
export function ReportFilterForm({ initial, clock, onSubmit }: ReportFilterFormProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const offers = useReportOffers();
  const countries = config.countries.map((country) => ({ value: country.isoCode, label: country.name }));
  const [filters, setFilters] = useState(initial);
  const set = <K extends keyof ReportFilters>(key: K, value: ReportFilters[K]) =>
    setFilters((current) => ({ ...current, [key]: value }));

  // A preset applies at once, with whatever else the form holds (decision 033); custom waits for the dates.
  const choosePreset = (preset: ReportDatePreset) => {
    if (preset === 'custom') return set('preset', 'custom');
    const dates = filtersForPreset(preset, clock);
    const next = { ...filters, preset, startDate: dates.startDate, endDate: dates.endDate };
    setFilters(next);
    onSubmit(next);
  };
  // Editing the range names the preset it now is, if any (the last month picked by hand is 'Last month'), else custom.
  const setRange = ({ startDate, endDate }: DayRange) =>
    setFilters((current) => ({
      ...current,
      startDate,
      endDate,
      preset: startDate && endDate ? matchingPreset(startDate, endDate, clock) : 'custom',
    }));

  const error = rangeError(filters);
  // Edits not sent yet: the rows below still show the address's filter, and the screen says so.
  const pending = reportSearchParams(filters).toString() !== reportSearchParams(initial).toString();
  const offerOptions = offers.data ?? [];
  // An offer id from a shared link that the list does not hold still shows as chosen.
  const offerData =
    filters.offerId && !offerOptions.some((option) => option.value === filters.offerId)
      ? [...offerOptions, { value: filters.offerId, label: `#${filters.offerId}` }]
      : offerOptions;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (error) return;
    onSubmit(filters);
  };

  const trackerLabel = (key: (typeof TRACKING_FILTERS)[number]) =>
    key === 'subid' ? t('reports.filters.subid') : t('reports.filters.tracker', { n: key.slice(2) });

  return (
    <form onSubmit={submit} data-testid="report-filters" role="search">
      <div className="report-filter-grid">
        <div className="report-filter-cell" style={cellSpan(12, 6, 4)}>
          <DeferredSelect
            load={loadSelect}
            label={t('reports.filters.offer')}
            placeholder={t('reports.filters.allOffers')}
            data={offerData}
            value={filters.offerId || null}
            onChange={(value) => set('offerId', value ?? '')}
            searchable
            clearable
            nothingFoundMessage={t('reports.filters.noOffer')}
            data-testid="filter-offer"
          />
        </div>
        <div className="report-filter-cell" style={cellSpan(12, 6, 4)}>
          <DeferredMultiSelect
            label={t('reports.filters.country')}
            placeholder={filters.country.length === 0 ? t('reports.filters.allCountries') : undefined}
            data={countries}
            value={filters.country}
            onChange={(value) => set('country', value)}
            renderOption={renderCountryOption}
            maxValues={MAX_REPORT_COUNTRIES}
            searchable
            clearable
            nothingFoundMessage={t('reports.filters.noCountry')}
            data-testid="filter-country"
          />
        </div>
        {TRACKING_FILTERS.map((key) => (
          <div key={key} className="report-filter-cell" style={cellSpan(6, 3, key === 'subid' ? 2 : 1.5)}>
            <TextInput
              label={trackerLabel(key)}
              value={filters[key]}
              maxLength={TRACKING_VALUE_MAX_LENGTH}
              onChange={(event) => set(key, event.currentTarget.value)}
              data-testid={`filter-${key}`}
            />
          </div>
        ))}
        <div className="report-filter-cell" style={cellSpan(12, 4, 3)}>
          <DeferredSelect
            load={loadTypeAheadSelect}
            label={t('reports.filters.period')}
            data={REPORT_DATE_PRESETS.map((preset) => ({ value: preset, label: t(`reports.presets.${preset}`) }))}
            value={filters.preset}
            onChange={(value) => value && choosePreset(value as ReportDatePreset)}
            allowDeselect={false}
            data-testid="filter-preset"
          />
        </div>
        <div className="report-filter-cell" style={cellSpan(12, 8, 6)}>
          <DayRangeInput
            label={t('reports.filters.dates')}
            value={{ startDate: filters.startDate, endDate: filters.endDate }}
            onChange={setRange}
            error={
              error === 'min'
                ? t('reports.filters.rangeMin')
                : error === 'max'
                  ? t('reports.filters.rangeMax', { days: MAX_REPORT_RANGE_DAYS })
                  : undefined
            }
            data-testid="filter-dates"
          />
        </div>
        <div className="report-filter-cell" style={{ ...cellSpan(12, 12, 3), alignSelf: 'flex-end' }}>
          <Button type="submit" fullWidth disabled={error !== null} data-testid="filter-submit">
            {t('reports.filters.submit')}
          </Button>
        </div>
        {pending ? (
          <div className="report-filter-cell" style={cellSpan(12, 12, 12)}>
            <Text size="sm" c="orange.8" data-testid="filter-pending" role="status">
              {t('reports.filters.pending')}
            </Text>
          </div>
        ) : null}
      </div>
    </form>
  );
}
