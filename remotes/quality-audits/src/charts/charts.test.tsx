import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BarChart, LineChart, PieChart, type ChartSeries } from '.';

const planned: ChartSeries = {
  key: 'planned',
  label: 'Planned hours',
  points: [
    { key: '1', label: 'Camden', value: 120 },
    { key: '2', label: 'Leeds', value: 80 },
  ],
};
const delivered: ChartSeries = {
  key: 'delivered',
  label: 'Delivered hours',
  points: [
    { key: '1', label: 'Camden', value: 110.5 },
    { key: '2', label: 'Leeds', value: 64 },
  ],
};

describe('BarChart', () => {
  it('writes each value on its bar, summarises the figures and offers them as a table', async () => {
    render(<BarChart title="Hours by branch" series={[planned, delivered]} />);
    const chart = screen.getByRole('img', { name: /Hours by branch\. Planned hours: highest Camden 120, lowest Leeds 80; Delivered hours: highest Camden 110\.5/ });
    expect(within(chart).getByText('110.5')).toBeInTheDocument();
    expect(within(chart).getByText('64')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Hours by branch: figures' });
    const leeds = within(table).getByRole('row', { name: /Leeds/ });
    expect(within(leeds).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['80', '64']);
    // The legend names each series (colour is never the only cue).
    expect(within(screen.getByRole('list', { name: 'Legend' })).getByText('Delivered hours')).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Show the figures as a table' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('lets a bar be chosen by click or keyboard to drill down', async () => {
    const onSelect = jest.fn();
    render(<BarChart title="Hours by branch" series={[planned, delivered]} onSelect={onSelect} />);
    const chart = screen.getByRole('group', { name: /Hours by branch/ });
    const bars = within(chart).getAllByRole('button');
    expect(bars).toHaveLength(4);
    await userEvent.click(within(chart).getByRole('button', { name: /Delivered hours, Leeds: 64/ }));
    expect(onSelect).toHaveBeenLastCalledWith({ key: '2', label: 'Leeds', value: 64, series: 'delivered', seriesLabel: 'Delivered hours' });
    within(chart).getByRole('button', { name: /Planned hours, Camden: 120/ }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ key: '1', series: 'planned', value: 120 }));
    expect(onSelect).toHaveBeenCalledTimes(2);
  });

  it('writes the total above each stacked bar', () => {
    render(<BarChart title="Visits" layout="stacked" series={[planned, delivered]} />);
    expect(within(screen.getByRole('img')).getByText('230.5')).toBeInTheDocument();
  });

  it('says when there is nothing to draw', () => {
    render(<BarChart title="Hours" series={[{ key: 'h', label: 'Hours', points: [] }]} />);
    expect(screen.getByRole('img', { name: 'Hours: no data.' })).toBeInTheDocument();
  });
});

describe('PieChart', () => {
  const outcomes = [
    { key: 'on_time', label: 'On time', value: 30 },
    { key: 'late', label: 'Late', value: 10 },
    { key: 'missed', label: 'Missed', value: 0 },
  ];

  it('labels each slice with its value and share and drills down on Space', async () => {
    const onSelect = jest.fn();
    render(<PieChart title="Visits by outcome" data={outcomes} donut valueLabel="Visits" onSelect={onSelect} />);
    const chart = screen.getByRole('group', { name: /Total 40: On time 30 \(75%\), Late 10 \(25%\), Missed 0 \(0%\)/ });
    expect(within(chart).getByText('Late 10 (25%)')).toBeInTheDocument();
    // A zero slice draws nothing, so it is not a button either.
    expect(within(chart).getAllByRole('button')).toHaveLength(2);
    within(chart).getByRole('button', { name: /Late: 10 \(25%\)/ }).focus();
    await userEvent.keyboard(' ');
    expect(onSelect).toHaveBeenCalledWith({ key: 'late', label: 'Late', value: 10, series: 'value', seriesLabel: 'Visits' });
    expect(within(screen.getByRole('table')).getByRole('columnheader', { name: 'Visits' })).toBeInTheDocument();
  });
});

describe('LineChart', () => {
  it('names each line and makes each point a button', async () => {
    const onSelect = jest.fn();
    const weeks = (values: number[]) => values.map((value, index) => ({ key: `w${index}`, label: `W${index + 1}`, value }));
    render(
      <LineChart
        title="Weekly hours"
        series={[{ key: '1', label: 'Camden', points: weeks([100, 110, 120]) }, { key: '2', label: 'Leeds', points: weeks([50, 40, 45]) }]}
        onSelect={onSelect}
      />,
    );
    const chart = screen.getByRole('group', { name: /Camden: highest W3 120, lowest W1 100; Leeds: highest W1 50, lowest W2 40/ });
    expect(within(chart).getByText('Leeds 45')).toBeInTheDocument();
    await userEvent.click(within(chart).getByRole('button', { name: /Leeds, W2: 40/ }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ series: '2', key: 'w1', value: 40 }));
  });
});
