// PLACEHOLDER: replaced by the live operations work in progress.
export default function CheckLocations() {
  return <h1>Check-in locations</h1>;
}
