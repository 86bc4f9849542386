// PLACEHOLDER: replaced by the live operations work in progress.
export default function FamilyFeedback() {
  return <h1>Family feedback</h1>;
}
