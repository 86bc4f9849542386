import type { StaffScreenProps } from '../record/types';

/** Placeholder until this part's screen lands. */
export default function TrainingTab(_props: StaffScreenProps) {
  return null;
}
