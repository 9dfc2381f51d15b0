import type { TFunction } from 'i18next';

/** The names a Mantine calendar gives its month, year and decade controls, in the app's words (decision 047). */
export function calendarAriaLabels(t: TFunction) {
  return {
    previousMonth: t('dayRange.previousMonth'),
    nextMonth: t('dayRange.nextMonth'),
    previousYear: t('dayRange.previousYear'),
    nextYear: t('dayRange.nextYear'),
    previousDecade: t('dayRange.previousDecade'),
    nextDecade: t('dayRange.nextDecade'),
    monthLevelControl: t('dayRange.monthLevel'),
    yearLevelControl: t('dayRange.yearLevel'),
  };
}
