import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { LineChart } from './line-chart';
import { niceTicks } from './line-chart.impl';

const data = [
  { day: '01/11', clicks: 120, conversions: 3 },
  { day: '02/11', clicks: 80, conversions: 7 },
  { day: '03/11', clicks: 0, conversions: 0 },
];
const series = [
  { name: 'clicks', label: 'Clicks', color: 'indigo.6' },
  { name: 'conversions', label: 'Conversions', color: 'teal.6', yAxisId: 'right' as const },
];

describe('LineChart (decision 119)', () => {
  it('is an image named by its title and described by its days and each line lowest and highest value', async () => {
    renderWithProviders(
      <LineChart
        h={260}
        data={data}
        dataKey="day"
        series={series}
        title="Clicks per day"
        withLegend
        withRightYAxis
        integers
      />,
    );
    const chart = await screen.findByRole('img', { name: 'Clicks per day' });
    const description = document.getElementById(chart.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('3 days from 01/11 to 03/11. Clicks from 0 to 120. Conversions from 0 to 7.');
    expect(chart.querySelectorAll('.line-chart-line polyline')).toHaveLength(2);
    expect(screen.getByTestId('line-chart-legend').textContent).toBe('ClicksConversions');
  });

  it("shows a day's values with the arrow keys once focused, and hides them on Escape", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <LineChart h={260} data={data} dataKey="day" series={series} title="Clicks per day" withRightYAxis integers />,
    );
    const chart = await screen.findByRole('img', { name: 'Clicks per day' });
    await user.tab();
    expect(document.activeElement).toBe(chart);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('line-chart-tooltip').textContent).toBe('01/11Clicks120Conversions3');
    await user.keyboard('{End}');
    expect(screen.getByTestId('line-chart-tooltip').textContent).toBe('03/11Clicks0Conversions0');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('line-chart-tooltip').textContent).toBe('02/11Clicks80Conversions7');
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('line-chart-tooltip')).toBeNull();
  });

  it('ticks in round steps from 0 (or below, for a loss), whole numbers for counts', () => {
    expect(niceTicks(0, 120, 4, true)).toEqual([0, 50, 100, 150]);
    expect(niceTicks(0, 3, 4, true)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0, 0, 4, true)).toEqual([0, 1]);
    expect(niceTicks(-40, 95.5, 4, false)).toEqual([-50, 0, 50, 100]);
  });
});
