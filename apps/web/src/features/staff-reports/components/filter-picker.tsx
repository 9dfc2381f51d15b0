import { Group } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_OPTION_FILTERS, type ReportOption, type ReportOptionFilter } from '@portal/contracts';
import { DeferredMultiSelect } from '@/components/deferred-select';
import { useReportOptionNames, useReportOptions } from '../api/report-options';

type FilterPickerProps = {
  filter: ReportOptionFilter;
  /** The chosen values, as the address holds them (ids, goal codes). */
  values: string[];
  onChange: (values: string[]) => void;
};

/**
 * One network report filter picked by name (decision 113): a multi-select whose options the server finds as one
 * types, within the reader's scope, the chosen values kept in the address as ids (or goal codes) and shown by name,
 * also after a reload. On the screen's first load it is the deferred field (decision 103): the chosen names as pills,
 * the list's code and its first page asked for when a pointer comes near or the field gets the focus.
 */
export function FilterPicker({ filter, values, onChange }: FilterPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [wanted, setWanted] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const found = useReportOptions(filter, debounced, wanted);
  const named = useReportOptionNames(filter, values);
  // The names of options picked here, so that a pill keeps its name while the address's names are asked for again.
  const [picked, setPicked] = useState<Record<string, string>>({});
  const nameOf = (value: string) =>
    named.data?.find((o) => o.value === value)?.label ?? picked[value] ?? found.data?.find((o) => o.value === value)?.label ?? value; // prettier-ignore
  const chosen: ReportOption[] = values.map((value) => ({ value, label: nameOf(value) }));
  const data = [...chosen, ...(found.data ?? []).filter((option) => !values.includes(option.value))];
  const label = t(`staff.reports.filters.${filter}`);

  return (
    <div
      onPointerEnter={() => setWanted(true)}
      onFocusCapture={() => setWanted(true)}
      data-testid={`staff-reports-picker-${filter}`}
    >
      <DeferredMultiSelect
        label={label}
        placeholder={values.length === 0 ? t('staff.reports.pickerPlaceholder') : undefined}
        data={data}
        value={values}
        onChange={(next) => {
          setPicked((before) => ({ ...before, ...Object.fromEntries(data.filter((o) => next.includes(o.value)).map((o) => [o.value, o.label])) })); // prettier-ignore
          setSearch('');
          onChange(next);
        }}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        // The server has found them (by name or id, in the reader's scope): the list shows what it answered.
        filter={({ options }) => options}
        nothingFoundMessage={found.isFetching ? t('staff.reports.pickerLoading') : t('staff.reports.pickerNothing')}
        clearable
        w={230}
        data-testid={`staff-reports-picker-${filter}-input`}
      />
    </div>
  );
}

/** The address with a repeatable filter's values replaced. */
function withValues(params: URLSearchParams, name: string, values: string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(name);
  for (const v of values) next.append(name, v);
  return next;
}

/** The pickers of every filter named by name, on the address's values (decision 113). */
export function FilterPickers({
  params,
  onChange,
}: {
  params: URLSearchParams;
  onChange: (next: URLSearchParams) => void;
}) {
  return (
    <Group mt="sm" align="flex-end" wrap="wrap" data-testid="staff-reports-pickers">
      {REPORT_OPTION_FILTERS.map((name) => (
        <FilterPicker
          key={name}
          filter={name}
          values={params.getAll(name)}
          onChange={(values) => onChange(withValues(params, name, values))}
        />
      ))}
    </Group>
  );
}
