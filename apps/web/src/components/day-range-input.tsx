import { ActionIcon, Loader, TextInput, type TextInputProps } from '@mantine/core';
import type { DatesRangeValue } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayRange, parseDayRange, type DayRange } from '@/lib/dates';
import { useOnDemand } from '@/lib/use-on-demand';
import type { DayRangeCalendarProps } from './day-range-calendar.lazy';

const loadCalendar = (): Promise<ComponentType<DayRangeCalendarProps>> =>
  import('./day-range-calendar.lazy').then((m) => m.DayRangeCalendar);

type DayRangeInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'rightSection' | 'placeholder'> & {
  value: DayRange;
  onChange: (value: DayRange) => void;
  'data-testid'?: string;
};

/**
 * One field for a range of days (decision 051): it shows and reads 'dd/MM/yyyy – dd/MM/yyyy' as typed, and its
 * calendar button (its code loaded on approach, decision 103) opens one month where a click (or arrows and Enter) picks
 * the start, a second one the end. Days are
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
  const calendar = useOnDemand(loadCalendar);
  const Calendar = calendar.loaded;
  // The button pressed while the calendar's code came: opened once it is here (once).
  const honoured = useRef(false);
  useEffect(() => {
    if (Calendar && calendar.opened && !honoured.current) {
      honoured.current = true;
      open();
    }
    // `open` reads the value of this render, as a press would.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [Calendar, calendar.opened]);
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
        Calendar ? (
          <Calendar
            opened={opened}
            onOpenChange={(next) => (next ? open() : setOpened(false))}
            draft={draft}
            onPick={pick}
            defaultDate={value.startDate || value.endDate || undefined}
            focusButton={calendar.focused}
            testId={testId}
          />
        ) : (
          // Drawn without the calendar's code, which comes when a pointer nears the button or it gets the focus;
          // pressed meanwhile, it is busy, and the calendar opens when its code comes (decision 103).
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('dayRange.calendar')}
            aria-haspopup="dialog"
            aria-busy={calendar.pending}
            data-pending={calendar.pending || undefined}
            data-testid={testId ? `${testId}-calendar` : undefined}
            {...calendar.triggerProps}
          >
            {calendar.pending ? <Loader size={14} aria-hidden /> : <IconCalendar size={18} aria-hidden />}
          </ActionIcon>
        )
      }
    />
  );
}
