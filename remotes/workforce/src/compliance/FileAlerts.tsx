/** Placeholder until file alerts land. */
export default function FileAlerts(_props: { scope: 'carers' | 'employees' }) {
  return null;
}
