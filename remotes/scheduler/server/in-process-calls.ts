import type { TestApp } from '@hcm/server/testing';

/**
 * For tests: records the URL of every in-process call to the app (how one area asks another's API) until `stop`, so a
 * test can say a screen's read asks no other area (issue 29: each such call is a request of its own).
 */
export function recordInProcessCalls(t: TestApp): { asked: string[]; stop: () => void } {
  const asked: string[] = [];
  const app = t.app as unknown as { inject: (options: { url: string }) => unknown };
  const inject = app.inject;
  app.inject = function (this: unknown, options: { url: string }) {
    asked.push(String(options.url));
    return inject.call(this, options);
  };
  return { asked, stop: () => void (app.inject = inject) };
}
