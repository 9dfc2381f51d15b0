import type { SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DeferredSelect } from './deferred-select';

export type SearchOption = { value: string; label: string };

type SearchSelectProps = Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'
> & {
  /** The chosen id, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** The options the server finds for typed text ('' for its first page); `#12` finds id 12. */
  load: (q: string) => Promise<SearchOption[]>;
  /** The query key the options are kept under; the typed text is added to it. */
  queryKey: readonly unknown[];
  /** Options offered ahead of the server's whatever is typed ('All partners'), known without a look-up. */
  fixed?: SearchOption[];
  'data-testid'?: string;
};

/**
 * A select that finds its options on the server as one types (decision 099): people pick a partner or an offer by
 * its name and the form gets its id. An id that arrives without its name (from a link) is looked up as `#id`, so the
 * field shows the name and not a number.
 */
export function SearchSelect({ value, onChange, load, queryKey, fixed = [], ...props }: SearchSelectProps) {
  const [search, setSearch] = useState('');
  const [chosen, setKnown] = useState<SearchOption | null>(null);
  const known = fixed.find((option) => option.value === value) ?? chosen;
  const named = useQuery({
    queryKey: [...queryKey, `#${value}`],
    queryFn: () => load(`#${value}`),
    enabled: Boolean(value) && known?.value !== value,
  });
  const selected = !value
    ? null
    : known?.value === value
      ? known
      : (named.data?.find((option) => option.value === value) ?? { value, label: `#${value}` });
  // The field shows the chosen option's label as its text: that is no search, the list shows the first page.
  const typed = selected && search === selected.label ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, 250);
  const options = useQuery({ queryKey: [...queryKey, debounced], queryFn: () => load(debounced) });
  const isFixed = (option: SearchOption) => fixed.some((f) => f.value === option.value);
  const data = [
    ...fixed,
    ...(selected && !isFixed(selected) ? [selected] : []),
    ...(options.data ?? []).filter((o) => o.value !== value && !isFixed(o)),
  ];

  // Drawn closed without Mantine's combobox, loaded on approach (decisions 059, 103).
  return (
    <DeferredSelect
      {...props}
      searchable
      clearable
      data={data}
      value={value || null}
      onChange={(next, option) => {
        setKnown(next && option ? { value: next, label: option.label } : null);
        onChange(next ?? '');
      }}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered already (by name, e-mail or id): the list shows what it answered.
      filter={({ options: all }) => all}
    />
  );
}
