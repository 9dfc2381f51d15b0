// The calendar of a DayRangeInput (day-range-input.tsx), loaded when a pointer comes near its button or the button
// gets the focus (decision 103): Mantine's Popover, floating-ui and the dates library stay out of a report's first load.
import { ActionIcon, Popover } from '@mantine/core';
import { DatePicker, type DatesRangeValue } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarAriaLabels } from './calendar-labels';

export type DayRangeCalendarProps = {
  opened: boolean;
  /** Opens the calendar (true) or closes it (false). */
  onOpenChange: (opened: boolean) => void;
  draft: DatesRangeValue<string>;
  onPick: (next: DatesRangeValue<string>) => void;
  defaultDate: string | undefined;
  /** The button took the place of one that had the focus: it takes the focus too. */
  focusButton: boolean;
  testId: string | undefined;
};

export function DayRangeCalendar({
  opened,
  onOpenChange,
  draft,
  onPick,
  defaultDate,
  focusButton,
  testId,
}: DayRangeCalendarProps) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusButton && !opened) button.current?.focus();
    // Only as it takes the drawn button's place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Popover opened={opened} onChange={onOpenChange} position="bottom-end" shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <ActionIcon
          ref={button}
          variant="subtle"
          color="gray"
          aria-label={t('dayRange.calendar')}
          onClick={() => onOpenChange(!opened)}
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
          onChange={onPick}
          defaultDate={defaultDate}
          ariaLabels={calendarAriaLabels(t)}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
