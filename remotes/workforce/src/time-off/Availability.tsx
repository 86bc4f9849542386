/** Placeholder until the availability live events land. */
export default function Availability() {
  return null;
}
