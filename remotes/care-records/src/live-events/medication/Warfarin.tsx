// PLACEHOLDER: replaced by the live operations work in progress.
export default function Warfarin() {
  return <h1>Warfarin and anticoagulants</h1>;
}
