import type { ComboboxItem, SelectProps } from '@mantine/core';

/** The options of a Select's data, flattened out of groups; plain strings are their own label. */
export function optionsOf(data: SelectProps['data']): ComboboxItem[] {
  const options: ComboboxItem[] = [];
  for (const item of data ?? []) {
    if (typeof item === 'string') options.push({ value: item, label: item });
    else if ('items' in item)
      for (const inner of item.items)
        options.push(typeof inner === 'string' ? { value: inner, label: inner } : (inner as ComboboxItem));
    else options.push(item as ComboboxItem);
  }
  return options;
}
