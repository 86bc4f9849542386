// PLACEHOLDER: replaced by the live operations work in progress.
export default function NotOnSite() {
  return <h1>Not on site</h1>;
}
