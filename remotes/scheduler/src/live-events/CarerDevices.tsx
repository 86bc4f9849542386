// PLACEHOLDER: replaced by the live operations work in progress.
export default function CarerDevices() {
  return <h1>Carers' devices</h1>;
}
