// PLACEHOLDER: replaced by the live operations work in progress.
export default function OfficeLocations() {
  return <h1>Office staff locations</h1>;
}
