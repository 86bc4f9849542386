import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';

// Which test files share a process (scripts/test-batches.mjs): a file that awaits or changes the process's state at
// its top runs alone; the others share, grouped by the clock they fix.
type Batcher = { batchTestFiles(dir: string, files: string[], options?: { size?: number; processes?: number }): string[][] };
const { batchTestFiles } = (await import(new URL('../../scripts/test-batches.mjs', import.meta.url).href)) as Batcher;

const dir = mkdtempSync(path.join(tmpdir(), 'hcm-batches-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const FILES: Record<string, string> = {
  'helper-awaits-inside.test.ts': "const rowOf = async (id: number) => (await db().select())[id];\ntest('x', async () => {});\n",
  'awaits-a-value.test.ts': "const { AREA_MODULES } = await import('../area-modules.js');\n",
  'awaits-in-brackets.test.ts': 'const count = (await rows()).length;\n',
  'awaits-a-statement.test.ts': 'await prepare();\n',
  'awaits-in-a-loop.test.ts': 'for await (const row of stream) use(row);\n',
  'sets-the-environment.test.ts': "process.env.WEB_ROOT = '/tmp';\n",
  'sets-a-store.test.ts': 'useFileStorage(memory);\n',
  'plain.test.ts': "test('y', () => {});\n",
  'fixes-a-clock.test.ts': 'fixClock(WEEKDAY_MORNING);\nconst logsOf = async () => (await get()).json();\n',
  'fixes-the-same-clock.test.ts': 'fixClock(WEEKDAY_MORNING);\n',
};
for (const [name, source] of Object.entries(FILES)) writeFileSync(path.join(dir, name), source);

test('a file that awaits or sets process state at its top runs alone; one whose functions await inside shares', () => {
  const batches = batchTestFiles(dir, Object.keys(FILES).sort(), { processes: 1 });
  const alone = batches.filter((batch) => batch.length === 1).map(([file]) => file).sort();
  assert.deepEqual(alone, ['awaits-a-statement.test.ts', 'awaits-a-value.test.ts', 'awaits-in-a-loop.test.ts', 'awaits-in-brackets.test.ts', 'sets-a-store.test.ts', 'sets-the-environment.test.ts']);
  const shared = batches.filter((batch) => batch.length > 1).map((batch) => [...batch].sort());
  assert.deepEqual(shared.sort(), [['fixes-a-clock.test.ts', 'fixes-the-same-clock.test.ts'], ['helper-awaits-inside.test.ts', 'plain.test.ts']]);
});
