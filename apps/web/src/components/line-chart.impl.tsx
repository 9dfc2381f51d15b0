// Imported by line-chart.tsx only, on first use: the one place the charts library is loaded from.
import '@mantine/charts/styles.css';

export { LineChart as default } from '@mantine/charts';
