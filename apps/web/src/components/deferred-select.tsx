import { InputBase, Loader, Pill, PillsInput, type MultiSelectProps, type SelectProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useRef, type ComponentType, type KeyboardEvent, type Ref } from 'react';
import { TYPE_AHEAD_RESET_MS } from '@portal/contracts';
import { useOnDemand } from '@/lib/use-on-demand';
import { fieldLookOf } from './field-look';
import { optionsOf } from './select-options';

type SelectComponent = ComponentType<SelectProps>;
type MultiSelectComponent = ComponentType<MultiSelectProps>;

/** Mantine's Select, loaded on demand. */
export const loadSelect = (): Promise<SelectComponent> => import('./selects.lazy').then((m) => m.Select);
/** The type-ahead Select (type-ahead-select.tsx), loaded on demand. */
export const loadTypeAheadSelect = (): Promise<SelectComponent> =>
  import('./selects.lazy').then((m) => m.TypeAheadSelect);

/** Mantine's MultiSelect, loaded on demand. */
export const loadMultiSelect = (): Promise<MultiSelectComponent> => import('./selects.lazy').then((m) => m.MultiSelect);

/** Keys that open a select's list. */
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

type DeferredSelectProps = SelectProps & {
  /** The select drawn once it is wanted (Mantine's Select by default). */
  load?: () => Promise<SelectComponent>;
  'data-testid'?: string;
  /** The field, drawn or loaded (a form focuses a field in error through it). */
  ref?: Ref<HTMLInputElement>;
};

/**
 * A select on a screen's first load, without the code of its list (Mantine's combobox, popover and floating-ui,
 * about 30 KB; decision 059): the field is drawn as the select draws it closed (label, value, flag, chevron, a
 * combobox to assistive technology), and the select itself is loaded when a pointer comes near or the field gets
 * the focus, then takes its place, focused when the field was, its list open when it was clicked or opened from the
 * keyboard meanwhile, however long the code takes (busy in the meantime, decision 103). Should the code not come (the
 * server gone), the field stays as it is.
 */
export function DeferredSelect({ load = loadSelect, ref, ...props }: DeferredSelectProps) {
  const { loaded: Select, opened, pending, focused, open, triggerProps } = useOnDemand(load);
  // A type-ahead select's letters typed before its code came pick their option at once, as the loaded one would
  // (spec section 9): a key is never lost to the wait (decision 103).
  const typed = useRef({ prefix: '', at: 0 });
  if (Select) {
    // Focused in the field's place, its text selected as a Tab into a field selects it: typing replaces the value
    // rather than adding to it, as in a select that was there from the start.
    return (
      <Select
        {...props}
        ref={ref}
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
      ref={ref}
      name={props.name}
      {...fieldLookOf(props)}
      labelProps={props.labelProps}
      leftSection={props.leftSection}
      // Pressed while its list's code is on its way: busy, and opened when the code comes (decision 103).
      rightSection={pending ? <Loader size={14} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
      rightSectionPointerEvents="none"
      readOnly
      value={selected?.label ?? ''}
      role="combobox"
      aria-expanded={false}
      aria-haspopup="listbox"
      aria-busy={pending}
      data-pending={pending || undefined}
      style={{ cursor: 'pointer' }}
      data-testid={props['data-testid']}
      {...triggerProps}
      onBlur={(event) => {
        triggerProps.onBlur();
        props.onBlur?.(event);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (load === loadTypeAheadSelect && !event.ctrlKey && !event.metaKey && !event.altKey) {
          const now = Date.now();
          const prefix = now - typed.current.at > TYPE_AHEAD_RESET_MS ? '' : typed.current.prefix;
          if (event.key.length === 1 && !(event.key === ' ' && prefix === '')) {
            typed.current = { prefix: prefix + event.key.toLocaleLowerCase(), at: now };
            const match = optionsOf(props.data).find(
              (option) => !option.disabled && option.label.toLocaleLowerCase().startsWith(typed.current.prefix),
            );
            if (match && match.value !== props.value) props.onChange?.(match.value, match);
            return;
          }
        }
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        open();
      }}
    />
  );
}

type DeferredMultiSelectProps = MultiSelectProps & {
  /** The select drawn once it is wanted (Mantine's MultiSelect by default). */
  load?: () => Promise<MultiSelectComponent>;
  'data-testid'?: string;
  /** The field, drawn or loaded (a form focuses a field in error through it). */
  ref?: Ref<HTMLInputElement>;
};

/**
 * A multi-select on a screen's first load without the code of its list (decision 103, as `DeferredSelect`): the field
 * drawn as the MultiSelect draws it closed (label, the chosen values as pills, the placeholder when none), and the
 * MultiSelect loaded when a pointer comes near or the field gets the focus, opened when it was pressed meanwhile.
 */
export function DeferredMultiSelect({ load = loadMultiSelect, ref, ...props }: DeferredMultiSelectProps) {
  const { loaded: MultiSelect, opened, pending, focused, open, triggerProps } = useOnDemand(load);
  if (MultiSelect) return <MultiSelect {...props} ref={ref} defaultDropdownOpened={opened} autoFocus={focused} />;

  const options = optionsOf(props.data);
  const chosen = (props.value ?? []).map((value) => options.find((option) => option.value === value)?.label ?? value);
  return (
    <PillsInput
      label={props.label}
      labelProps={props.labelProps}
      description={props.description}
      error={props.error}
      withAsterisk={props.withAsterisk ?? props.required}
      disabled={props.disabled}
      size={props.size}
      w={props.w}
      rightSection={pending ? <Loader size={14} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
      rightSectionPointerEvents="none"
      style={{ cursor: 'pointer' }}
      {...triggerProps}
    >
      <Pill.Group>
        {chosen.map((label) => (
          <Pill key={label}>{label}</Pill>
        ))}
        <PillsInput.Field
          ref={ref}
          name={props.name}
          onBlur={props.onBlur}
          readOnly
          placeholder={chosen.length === 0 ? props.placeholder : undefined}
          role="combobox"
          aria-expanded={false}
          aria-haspopup="listbox"
          aria-busy={pending}
          data-pending={pending || undefined}
          data-testid={props['data-testid']}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (!OPENING_KEYS.has(event.key)) return;
            event.preventDefault();
            open();
          }}
        />
      </Pill.Group>
    </PillsInput>
  );
}

/** The type-ahead Select (type-ahead-select.tsx) on a screen's first load, loaded on demand as `DeferredSelect`. */
export function DeferredTypeAheadSelect(props: Omit<DeferredSelectProps, 'load'>) {
  return <DeferredSelect {...props} load={loadTypeAheadSelect} />;
}
