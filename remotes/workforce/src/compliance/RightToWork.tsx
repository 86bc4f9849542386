import type { StaffScreenProps } from '../record/types';

/** Placeholder until this part's screen lands. */
export default function RightToWork(_props: StaffScreenProps) {
  return null;
}
