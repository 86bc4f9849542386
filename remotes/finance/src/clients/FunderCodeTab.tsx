/** A client record tab (being built). */
export default function Tab({ clientId }: { clientId: number }) {
  return <p>Client {clientId}</p>;
}
