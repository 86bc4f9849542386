// PLACEHOLDER: replaced by the live operations work in progress.
export default function Falls() {
  return <h1>Falls</h1>;
}
