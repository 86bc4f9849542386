// PLACEHOLDER: replaced by the live operations work in progress.
export default function LiveView() {
  return <h1>Live view</h1>;
}
