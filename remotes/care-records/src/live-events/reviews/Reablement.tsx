// PLACEHOLDER: replaced by the live operations work in progress.
export default function Reablement() {
  return <h1>Reablement</h1>;
}
