import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

// Every area folder has its team in .github/CODEOWNERS, and every line there names a folder that exists.
const root = fileURLToPath(new URL('../../', import.meta.url));
const owners = readFileSync(`${root}.github/CODEOWNERS`, 'utf8')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => line.trim().split(/\s+/));

test('every area folder is owned by its team', () => {
  for (const area of readdirSync(`${root}remotes`)) {
    const line = owners.find(([pattern]) => pattern === `/remotes/${area}/`);
    assert.ok(line, `add "/remotes/${area}/ @home-care/${area}" to .github/CODEOWNERS`);
    assert.equal(line[1], `@home-care/${area}`);
  }
});

test('every CODEOWNERS path exists', () => {
  for (const [pattern] of owners) {
    if (pattern === '*') continue;
    assert.ok(existsSync(`${root}${pattern.replace(/^\//, '')}`), `${pattern} does not exist`);
  }
});
