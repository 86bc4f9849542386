import type { StaffOwner } from '../record/types';

/** Placeholder until the supervisions-due list lands. */
export default function DueList(_props: { owner: StaffOwner }) {
  return null;
}
