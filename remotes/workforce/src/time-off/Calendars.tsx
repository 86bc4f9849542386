/** Placeholder until the holiday calendars land. */
export default function Calendars() {
  return null;
}
