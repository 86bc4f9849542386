// PLACEHOLDER: replaced by the live operations work in progress.
export default function VisitsToday() {
  return <h1>Today's visits</h1>;
}
