import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { inflateRawSync } from 'node:zlib';
import { zip } from './zip.js';

test('a ZIP whose entries read back as written (by its own directory, and by unzip when installed)', () => {
  const archive = zip([
    { path: 'record/client.json', content: '{"name":"Zoë"}' },
    { path: 'record/notes/2026-11.txt', content: 'x'.repeat(5000) },
    { path: 'bytes.bin', content: new Uint8Array([0, 1, 2, 255]) },
  ]);
  assert.equal(archive.readUInt32LE(0), 0x04034b50);
  const end = archive.length - 22;
  assert.equal(archive.readUInt32LE(end), 0x06054b50);
  assert.equal(archive.readUInt16LE(end + 10), 3);
  // The first entry, by hand: header, name, deflated bytes.
  const nameLength = archive.readUInt16LE(26);
  const packedLength = archive.readUInt32LE(18);
  assert.equal(archive.subarray(30, 30 + nameLength).toString(), 'record/client.json');
  assert.equal(inflateRawSync(archive.subarray(30 + nameLength, 30 + nameLength + packedLength)).toString(), '{"name":"Zoë"}');

  const dir = mkdtempSync(path.join(tmpdir(), 'zip-'));
  writeFileSync(path.join(dir, 'a.zip'), archive);
  try {
    execFileSync('unzip', ['-q', '-o', path.join(dir, 'a.zip'), '-d', dir], { stdio: 'pipe' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // no unzip on this machine: the hand check above stands
    throw error;
  }
  assert.equal(readFileSync(path.join(dir, 'record/notes/2026-11.txt'), 'utf8'), 'x'.repeat(5000));
  assert.deepEqual([...readFileSync(path.join(dir, 'bytes.bin'))], [0, 1, 2, 255]);
});
