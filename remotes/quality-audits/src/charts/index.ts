/**
 * Small dependency-free SVG charts, readable without colour: values written on the marks, a pattern (bars, slices)
 * or a marker shape and dash (lines) per series, a legend in text, the same figures in a table (visually hidden
 * until toggled), an accessible summary, and, with `onSelect`, marks that are buttons (click, Enter, Space) so a
 * page can drill down to the rows behind a bar, slice or point.
 */
export { BarChart, type BarChartProps } from './BarChart';
export { LineChart, type LineChartProps } from './LineChart';
export { PieChart, type PieChartProps } from './PieChart';
export { summarise, type ChartPoint, type ChartSeries, type ChartSelection } from './core';
