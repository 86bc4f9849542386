import type { StaffScreenProps } from '../record/types';

/** Placeholder until this part's screen lands. */
export default function Uploads(_props: StaffScreenProps) {
  return null;
}
