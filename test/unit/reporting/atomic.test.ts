import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { openAtomicFile } from '../../../src/reporting/atomic-file.js';

const dir = mkdtempSync(join(tmpdir(), 'atomic-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function write(stream: NodeJS.WritableStream, text: string) {
  return new Promise<void>((resolve, reject) => stream.write(text, (e) => (e ? reject(e) : resolve())));
}

describe('atomic file', () => {
  it('shows the previous content until commit, then the whole new report', async () => {
    const path = join(dir, 'report.sarif');
    writeFileSync(path, 'previous');
    const file = await openAtomicFile(path);
    await write(file.stream, 'half of the new');
    assert.equal(readFileSync(path, 'utf8'), 'previous');
    await write(file.stream, ' report');
    await file.commit();
    assert.equal(readFileSync(path, 'utf8'), 'half of the new report');
    assert.deepEqual(readdirSync(dir), ['report.sarif'], 'no temporary file left behind');
  });

  it('leaves the target untouched and removes the temporary file on abort', async () => {
    const path = join(dir, 'kept.xml');
    writeFileSync(path, 'old');
    const file = await openAtomicFile(path);
    await write(file.stream, 'partial');
    await file.abort();
    assert.equal(readFileSync(path, 'utf8'), 'old');
    assert.equal(existsSync(file.tempPath), false);
  });

  it('applies byte patches before the rename', async () => {
    const path = join(dir, 'patched.xml');
    const file = await openAtomicFile(path);
    await write(file.stream, '<a          >é</a>');
    file.patchOnCommit(2, ' n="42"   ');
    await file.commit();
    assert.equal(readFileSync(path, 'utf8'), '<a n="42"   >é</a>');
  });

  it('fails at open, before any work, when the directory does not exist', async () => {
    await assert.rejects(openAtomicFile(join(dir, 'missing', 'x.json')), { code: 'ENOENT' });
  });
});
