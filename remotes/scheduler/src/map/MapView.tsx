import { EmptyState } from '@hcm/kit';

// Placeholder while this part is being built (issue 15); replaced by its screens.
export default function Screen() {
  return <EmptyState>This screen is being built.</EmptyState>;
}
