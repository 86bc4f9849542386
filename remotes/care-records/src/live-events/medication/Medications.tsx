// PLACEHOLDER: replaced by the live operations work in progress.
export default function Medications() {
  return <h1>Medication given and refused</h1>;
}
