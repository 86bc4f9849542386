// PLACEHOLDER: replaced by the live operations work in progress.
export default function Confirmations() {
  return <h1>Visits to confirm</h1>;
}
