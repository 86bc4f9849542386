/** Placeholder until the training matrix lands. */
export default function TrainingMatrix() {
  return null;
}
