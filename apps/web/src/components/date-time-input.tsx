import { InputBase, Loader } from '@mantine/core';
import { useEffect, useRef, type ComponentType } from 'react';
import { DATE_FORMAT_LOCALE } from '@portal/contracts';
import { dateTimeInputFormat } from '@/lib/date-time-format';
import { useOnDemand } from '@/lib/use-on-demand';
import { fieldLookOf } from './field-look';
import type { DateTimeInputProps } from './date-time-input.lazy';

const FORMAT = dateTimeInputFormat(DATE_FORMAT_LOCALE).valueFormat;

/** The picker once its code came: a field drawn after that is drawn with it at once. */
let pickerLoaded: ComponentType<DateTimeInputProps> | null = null;
const loadPicker = (): Promise<ComponentType<DateTimeInputProps>> =>
  import('./date-time-input.lazy').then((m) => (pickerLoaded = m.DateTimeInput));

/** yyyy-MM-ddTHH:mm in the picker's format (DD/MM/YYYY HH:mm, or hh:mm A on a 12-hour clock), without dayjs. */
function shown(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return '';
  const [, year, month, day, hours, minutes] = match as unknown as [string, string, string, string, string, string];
  const hour = Number(hours);
  const tokens: Record<string, string> = {
    YYYY: year,
    MM: month,
    DD: day,
    HH: hours,
    hh: String(hour % 12 === 0 ? 12 : hour % 12).padStart(2, '0'),
    mm: minutes,
    A: hour < 12 ? 'AM' : 'PM',
  };
  return FORMAT.replace(
    /\[([^\]]*)\]|YYYY|MM|DD|HH|hh|mm|A/g,
    (token, literal?: string) => literal ?? tokens[token] ?? token,
  );
}

/**
 * A date and time picked in the app's one date format (decision 099), valued as a datetime-local field
 * (yyyy-MM-ddTHH:mm, or '' when unset). Its picker (Mantine's DateTimePicker, its calendar, dayjs, the dates styles
 * and a Modal: about 25 KB) is loaded when a pointer comes near the field or it gets the focus (decision 122), the
 * field drawn as the picker draws it closed meanwhile; pressed before its code came, the field is busy, and the picker
 * opens when it comes (decision 103).
 */
export function DateTimeInput(props: DateTimeInputProps) {
  const picker = useOnDemand(loadPicker);
  const Picker = picker.loaded ?? pickerLoaded;
  const opened = useRef<HTMLButtonElement | null>(null);
  const open = picker.opened && picker.loaded !== null;
  useEffect(() => {
    // The press taken while the code came: the picker's button opens its dropdown as a click on it would.
    if (open) opened.current?.click();
  }, [open]);
  if (Picker) {
    return <Picker {...props} ref={picker.opened ? opened : undefined} autoFocus={picker.focused} />;
  }
  return (
    <InputBase
      component="button"
      type="button"
      {...fieldLookOf(props)}
      rightSection={picker.pending ? <Loader size={14} aria-hidden /> : undefined}
      rightSectionPointerEvents="none"
      aria-busy={picker.pending}
      data-pending={picker.pending || undefined}
      data-testid={props['data-testid']}
      {...picker.triggerProps}
    >
      {shown(props.value) || <span style={{ opacity: 0.6 }}>{props.placeholder ?? ''}</span>}
    </InputBase>
  );
}
