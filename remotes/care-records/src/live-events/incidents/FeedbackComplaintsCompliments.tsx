// PLACEHOLDER: replaced by the live operations work in progress.
export default function FeedbackComplaintsCompliments() {
  return <h1>Complaints and compliments from families</h1>;
}
