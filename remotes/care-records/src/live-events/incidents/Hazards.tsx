// PLACEHOLDER: replaced by the live operations work in progress.
export default function Hazards() {
  return <h1>Hazards at home</h1>;
}
