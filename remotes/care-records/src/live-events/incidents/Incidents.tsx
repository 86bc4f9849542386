// PLACEHOLDER: replaced by the live operations work in progress.
export default function Incidents() {
  return <h1>Incidents at visits</h1>;
}
