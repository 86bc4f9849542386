/** Placeholder until the recruitment screens land. */
export default function RecruitmentScreens(_props: { prefix: string }) {
  return null;
}
