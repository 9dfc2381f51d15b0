import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_REPORT_DATE_PRESET, formatLocalDate } from '@portal/contracts';
import { filtersForPreset, hasChangedView, hasDateRange } from '../report-filters';
import { useReportSearch } from '../use-report-search';

/**
 * The conversion report's switch to the conversions changed after they were recorded (decision 069). A link of the
 * daily digest names the days of the changes; the switch then says which, and turning it off shows the report's
 * usual dates again.
 */
export function ChangedFilter() {
  const { t } = useTranslation();
  const { filters, view, clock, applyFiltersAndView } = useReportSearch();
  const { changedFrom, changedTo } = view;
  const label =
    changedFrom && changedTo
      ? t('reports.filters.changedRange', { start: formatLocalDate(changedFrom), end: formatLocalDate(changedTo) })
      : changedFrom
        ? t('reports.filters.changedSince', { start: formatLocalDate(changedFrom) })
        : changedTo
          ? t('reports.filters.changedUntil', { end: formatLocalDate(changedTo) })
          : t('reports.filters.changedOnly');
  return (
    <Switch
      size="xs"
      label={label}
      checked={hasChangedView(view)}
      onChange={(event) => {
        if (event.currentTarget.checked) {
          applyFiltersAndView(filters, { changed: true });
          return;
        }
        // Without the filter on changes, a report needs dates again: the default ones when the link had none.
        const dated = hasDateRange(filters) ? filters : filtersForPreset(DEFAULT_REPORT_DATE_PRESET, clock);
        applyFiltersAndView(dated, { changed: false, changedFrom: '', changedTo: '' });
      }}
      data-testid="filter-changed"
    />
  );
}
