// PLACEHOLDER: replaced by the live operations work in progress.
export default function PushNotifications() {
  return <h1>Push notifications</h1>;
}
