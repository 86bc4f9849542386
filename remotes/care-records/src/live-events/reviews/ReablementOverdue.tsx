// PLACEHOLDER: replaced by the live operations work in progress.
export default function ReablementOverdue() {
  return <h1>Reablement overdue</h1>;
}
