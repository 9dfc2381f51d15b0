import { ActionIcon, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker, type DatesRangeValue } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayRange, parseDayRange, type DayRange } from '@/lib/dates';

type DayRangeInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'rightSection' | 'placeholder'> & {
  value: DayRange;
  onChange: (value: DayRange) => void;
  'data-testid'?: string;
};

/**
 * One field for a range of days (decision 051): it shows and reads 'dd/MM/yyyy – dd/MM/yyyy' as typed, and its
 * calendar button opens one month where a click (or arrows and Enter) picks the start, a second one the end. Days are
 * calendar days as yyyy-MM-dd, never instants: no time zone of the browser is involved.
 */
export function DayRangeInput({ value, onChange, 'data-testid': testId, ...props }: DayRangeInputProps) {
  const { t } = useTranslation();
  // While the field has the focus it shows what is typed; otherwise the range it holds (a half-typed range is dropped).
  const [typed, setTyped] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  // The calendar's picks until both ends are chosen: a start alone is not sent to the form.
  const [draft, setDraft] = useState<DatesRangeValue<string>>([null, null]);

  const open = () => {
    setDraft([value.startDate || null, value.endDate || null]);
    setOpened(true);
  };
  const type = (text: string) => {
    setTyped(text);
    const range = parseDayRange(text);
    if (range) onChange(range);
  };
  const pick = (next: DatesRangeValue<string>) => {
    setDraft(next);
    const [startDate, endDate] = next;
    if (!startDate || !endDate) return;
    onChange({ startDate, endDate });
    setOpened(false);
  };

  return (
    <TextInput
      {...props}
      value={typed ?? formatDayRange(value)}
      onChange={(event) => type(event.currentTarget.value)}
      onFocus={(event) => setTyped(event.currentTarget.value)}
      onBlur={() => setTyped(null)}
      placeholder={t('dayRange.placeholder')}
      autoComplete="off"
      data-testid={testId}
      rightSectionPointerEvents="all"
      rightSection={
        <Popover
          opened={opened}
          onChange={(next) => (next ? open() : setOpened(false))}
          position="bottom-end"
          shadow="md"
          trapFocus
          returnFocus
        >
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('dayRange.calendar')}
              onClick={() => (opened ? setOpened(false) : open())}
              data-testid={testId ? `${testId}-calendar` : undefined}
            >
              <IconCalendar size={18} aria-hidden />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown data-testid={testId ? `${testId}-picker` : undefined}>
            <DatePicker
              type="range"
              allowSingleDateInRange
              // Mantine greys the days of the months around and reds the weekends, both below the contrast of
              // decision 047: a report's days are all alike, and the month's own are all it needs to show.
              weekendDays={[]}
              hideOutsideDates
              value={draft}
              onChange={pick}
              defaultDate={value.startDate || value.endDate || undefined}
              ariaLabels={{
                previousMonth: t('dayRange.previousMonth'),
                nextMonth: t('dayRange.nextMonth'),
                previousYear: t('dayRange.previousYear'),
                nextYear: t('dayRange.nextYear'),
                previousDecade: t('dayRange.previousDecade'),
                nextDecade: t('dayRange.nextDecade'),
                monthLevelControl: t('dayRange.monthLevel'),
                yearLevelControl: t('dayRange.yearLevel'),
              }}
            />
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}
