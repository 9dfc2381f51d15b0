import { InputBase, type SelectProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentType, KeyboardEvent } from 'react';
import { useOnDemand } from '@/lib/use-on-demand';
import { optionsOf } from './select-options';

type SelectComponent = ComponentType<SelectProps>;

/** Mantine's Select, loaded on demand. */
export const loadSelect = (): Promise<SelectComponent> => import('./selects.lazy').then((m) => m.Select);
/** The type-ahead Select (type-ahead-select.tsx), loaded on demand. */
export const loadTypeAheadSelect = (): Promise<SelectComponent> =>
  import('./selects.lazy').then((m) => m.TypeAheadSelect);

/** Keys that open a select's list. */
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

type DeferredSelectProps = SelectProps & {
  /** The select drawn once it is wanted. */
  load: () => Promise<SelectComponent>;
  'data-testid'?: string;
};

/**
 * A select on a screen's first load, without the code of its list (Mantine's combobox, popover and floating-ui,
 * about 30 KB; decision 059): the field is drawn as the select draws it closed (label, value, flag, chevron, a
 * combobox to assistive technology), and the select itself is loaded when a pointer comes near or the field gets
 * the focus, then takes its place, focused when the field was, its list open when it was clicked or opened from the
 * keyboard meanwhile. Should the code not come (the server gone), the field stays as it is.
 */
export function DeferredSelect({ load, ...props }: DeferredSelectProps) {
  const { loaded: Select, opened, focused, open, triggerProps } = useOnDemand(load);
  if (Select) {
    // Focused in the field's place, its text selected as a Tab into a field selects it: typing replaces the value
    // rather than adding to it, as in a select that was there from the start.
    return (
      <Select
        {...props}
        defaultDropdownOpened={opened}
        autoFocus={focused}
        onFocus={(event) => {
          props.onFocus?.(event);
          if (focused) event.currentTarget.select();
        }}
      />
    );
  }

  const selected = optionsOf(props.data).find((option) => option.value === props.value);
  return (
    <InputBase
      label={props.label}
      w={props.w}
      leftSection={props.leftSection}
      rightSection={<IconChevronDown size={16} aria-hidden />}
      rightSectionPointerEvents="none"
      readOnly
      value={selected?.label ?? ''}
      role="combobox"
      aria-expanded={false}
      aria-haspopup="listbox"
      style={{ cursor: 'pointer' }}
      data-testid={props['data-testid']}
      {...triggerProps}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        open();
      }}
    />
  );
}
