import { DateInput, type DateInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { parseDayInput } from '@/lib/dates';

/** Dates are shown dd/MM/yyyy (spec section 9). */
const DATE_FORMAT = 'DD/MM/YYYY';

type DayInputProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  /** yyyy-MM-dd, or '' when unset. */
  value: string;
  onChange: (value: string) => void;
};

/** A day field that shows and reads dd/MM/yyyy (and reads yyyy-MM-dd), valued in yyyy-MM-dd. */
export function DayInput({ value, onChange, ...props }: DayInputProps) {
  return (
    <DateInput
      {...props}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      valueFormat={DATE_FORMAT}
      dateParser={parseDayInput}
    />
  );
}
