// PLACEHOLDER: replaced by the live operations work in progress.
export default function MarChartGaps() {
  return <h1>MAR chart gaps</h1>;
}
