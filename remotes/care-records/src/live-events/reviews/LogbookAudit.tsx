// PLACEHOLDER: replaced by the live operations work in progress.
export default function LogbookAudit() {
  return <h1>Log book audit</h1>;
}
