// PLACEHOLDER: replaced by the live operations work in progress.
export default function MedicationImages() {
  return <h1>Medication photos</h1>;
}
