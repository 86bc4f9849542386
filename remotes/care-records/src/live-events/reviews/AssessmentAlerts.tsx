// PLACEHOLDER: replaced by the live operations work in progress.
export default function AssessmentAlerts() {
  return <h1>Assessments due</h1>;
}
