// Mantine's DateInput, loaded by a DayInput (day-input.tsx) when a pointer comes near it or it gets the focus
// (decision 103): its calendar, Popover, floating-ui and the dates library stay out of a screen's first load.
import '@mantine/dates/styles.css';

export { DateInput } from '@mantine/dates';
