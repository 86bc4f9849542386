// PLACEHOLDER: replaced by the live operations work in progress.
export default function Monitoring() {
  return <h1>Late and missed alerts</h1>;
}
