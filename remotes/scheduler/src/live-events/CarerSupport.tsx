// PLACEHOLDER: replaced by the live operations work in progress.
export default function CarerSupport() {
  return <h1>Carer support requests</h1>;
}
