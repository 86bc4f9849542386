/**
 * The kit's charts (one set for every area): small dependency-free SVG drawn at the real width of their box, so
 * text stays 12 px at any width; value axes with 1-2-5 ticks (whole numbers for counts, £ for money, hours as
 * "h"); category labels whole, wrapped, short or thinned so none overlap; a pattern (bars, slices) or a marker
 * and dash (lines) per series so colour is never the only cue; a legend in text; the same figures in a table
 * ("Show the figures as a table"); an accessible summary; with `onSelect` each mark is a button.
 */
export { BarChart, type BarChartProps } from './BarChart';
export { LineChart, type LineChartProps } from './LineChart';
export { PieChart, type PieChartProps } from './PieChart';
export { DEFAULT_WIDTH, summarise, type ChartCommon, type ChartPoint, type ChartSeries, type ChartSelection } from './parts';
export { formatPence, formatValue, niceTicks, valueAxis, type ChartUnit, type NiceTicksOptions, type ValueAxis } from './ticks';
export { layoutCategoryLabels, textBox, type CategoryAxisLayout, type CategoryText, type PlacedLabel } from './layout';
export { FONT_SIZE, textWidth } from './text';
