import { ErrorPanel } from '@hcm/kit';

/** What a screen shows to a user whose role lacks its permission (the API would answer 403 anyway). */
export function NoAccess({ what }: { what: string }) {
  return (
    <ErrorPanel title={`You may not see ${what}`}>
      Your role does not include this permission. Ask an administrator if you need it.
    </ErrorPanel>
  );
}
