import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT_LOCALE } from '@portal/contracts';
import { dateTimeInputFormat } from '@/lib/date-time-format';
import { calendarAriaLabels } from './calendar-labels';

const FORMAT = dateTimeInputFormat(DATE_FORMAT_LOCALE);

export type DateTimeInputProps = Omit<
  DateTimePickerProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'type'
> & {
  /** A local moment as a datetime-local field holds it (yyyy-MM-ddTHH:mm, the browser's zone), or '' when unset. */
  value: string;
  onChange: (value: string) => void;
  'data-testid'?: string;
};

/**
 * The picker itself (date-time-input.tsx draws the field until it is wanted, decision 122). A date and time picked in the app's one date format (decision 099): the browser's datetime-local field drew a
 * 12-hour US picker in an en-US Chromium beside dd/MM/yyyy everywhere else. Valued as that field was, so the forms
 * send what they sent before.
 */
export function DateTimeInput({ value, onChange, timePickerProps, ...props }: DateTimeInputProps) {
  const { t } = useTranslation();
  return (
    <DateTimePicker
      clearable
      {...props}
      value={value ? `${value.replace('T', ' ')}:00` : null}
      onChange={(next) => onChange(next ? next.slice(0, 16).replace(' ', 'T') : '')}
      valueFormat={FORMAT.valueFormat}
      clearButtonProps={{ 'aria-label': t('common.clear') }}
      submitButtonProps={{ 'aria-label': t('dateTime.done') }}
      timePickerProps={{
        format: FORMAT.clock,
        hoursInputLabel: t('dateTime.hours'),
        minutesInputLabel: t('dateTime.minutes'),
        amPmInputLabel: t('dateTime.amPm'),
        ...timePickerProps,
      }}
      ariaLabels={calendarAriaLabels(t)}
    />
  );
}
