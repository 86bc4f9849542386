// PLACEHOLDER: replaced by the live operations work in progress.
export default function MedicationAvailability() {
  return <h1>Medication running out</h1>;
}
