import { Loader, TextInput } from '@mantine/core';
import type { DateInputProps } from '@mantine/dates';
import { useRef, useState, type ComponentType } from 'react';
import { parseDayInput } from '@/lib/dates';
import { useOnDemand } from '@/lib/use-on-demand';
import { fieldLookOf } from './field-look';

/** Dates are shown dd/MM/yyyy (spec section 9). */
const DATE_FORMAT = 'DD/MM/YYYY';

/**
 * The DateInput once its code came: a day field drawn after that (the other field of a range, the form drawn again
 * after a submit) is drawn with it at once, never swapped under a focus that is about to type.
 */
let dateInputLoaded: ComponentType<DateInputProps> | null = null;
const loadDateInput = (): Promise<ComponentType<DateInputProps>> =>
  import('./day-input.lazy').then((m) => (dateInputLoaded = m.DateInput));

type DayInputProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  /** yyyy-MM-dd, or '' when unset. */
  value: string;
  onChange: (value: string) => void;
  'data-testid'?: string;
};

/** yyyy-MM-dd → dd/MM/yyyy, as the DateInput shows it. */
const shown = (value: string) => (value ? value.split('-').reverse().join('/') : '');

/**
 * A day field that shows and reads dd/MM/yyyy (and reads yyyy-MM-dd), valued in yyyy-MM-dd. Its calendar (Mantine's
 * DateInput) is loaded when a pointer comes near the field or it gets the focus (decision 103); until then the field is
 * a text field that reads a day as it is typed. Pressed meanwhile, it is busy, and the DateInput, focused, opens its
 * calendar when it comes, unless something was typed: the field drawn first then stays until it is left.
 */
export function DayInput({ value, onChange, ...props }: DayInputProps) {
  const input = useOnDemand(loadDateInput);
  // What is typed in the field drawn before the calendar came; null when untouched.
  const [typed, setTyped] = useState<string | null>(null);
  // The text selected in the field drawn first: the DateInput taking its place under the focus keeps it, so that what
  // is typed next replaces the selection (select all, then type) rather than landing after the old value.
  const selection = useRef<{ start: number; end: number } | null>(null);
  const DateInput = input.loaded ?? dateInputLoaded;
  if (DateInput && typed === null) {
    const kept = input.focused ? selection.current : null;
    return (
      <DateInput
        {...props}
        autoFocus={input.focused}
        ref={
          kept
            ? (element: HTMLInputElement | null) => {
                element?.setSelectionRange(kept.start, kept.end);
              }
            : undefined
        }
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
        valueFormat={DATE_FORMAT}
        dateParser={parseDayInput}
      />
    );
  }
  return (
    <TextInput
      {...fieldLookOf(props)}
      value={typed ?? shown(value)}
      onSelect={(event) => {
        const { selectionStart, selectionEnd } = event.currentTarget;
        selection.current =
          selectionStart === null || selectionEnd === null ? null : { start: selectionStart, end: selectionEnd };
      }}
      onChange={(event) => {
        // Read as typed, as the DateInput reads it: a whole day is the field's value at once.
        const text = event.currentTarget.value;
        setTyped(text);
        const day = text.trim() === '' ? '' : parseDayInput(text.trim());
        if (day !== null) onChange(day);
      }}
      rightSection={input.pending ? <Loader size={14} aria-hidden /> : undefined}
      aria-busy={input.pending}
      data-pending={input.pending || undefined}
      data-testid={props['data-testid']}
      {...input.triggerProps}
      onBlur={() => {
        input.triggerProps.onBlur();
        // What was typed and read is the value already; a half-typed day is dropped, as the DateInput drops it.
        setTyped(null);
      }}
    />
  );
}
