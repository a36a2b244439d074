import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { openAtomicFile, removeStaleTemps } from '../../src/atomic-file.js';

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

describe('atomic file: targets that are not regular files', () => {
  it('writes a symbolic link’s target, and the link stays a link', async () => {
    const real = join(dir, 'real.json');
    const link = join(dir, 'link.json');
    writeFileSync(real, 'old');
    symlinkSync(real, link);
    const file = await openAtomicFile(link);
    await file.write('new');
    await file.commit();
    assert.ok(lstatSync(link).isSymbolicLink());
    assert.equal(readFileSync(real, 'utf8'), 'new');
  });

  it('writes a named pipe in place: its reader gets the text, the pipe stays a pipe', {
    skip: process.platform === 'win32',
  }, async () => {
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const reader = new Promise<string>((resolve) => {
      let text = '';
      createReadStream(fifo, 'utf8')
        .on('data', (chunk) => {
          text += chunk;
        })
        .on('end', () => resolve(text));
    });
    const file = await openAtomicFile(fifo);
    await file.write('through the pipe');
    await file.commit();
    assert.equal(await reader, 'through the pipe');
    assert.ok(lstatSync(fifo).isFIFO());
  });

  it('writes a device in place, and reports its failure at commit', {
    skip: !existsSync('/dev/full'),
  }, async () => {
    const file = await openAtomicFile('/dev/full');
    await file.write('x'.repeat(100_000)).catch(() => undefined);
    await assert.rejects(file.commit(), { code: 'ENOSPC' });
    assert.ok(statSync('/dev/full').isCharacterDevice());
  });

  it('refuses a directory before anything is written', async () => {
    await assert.rejects(openAtomicFile(dir), { code: 'EISDIR' });
  });
});

describe('atomic file: temporary files left by killed runs', () => {
  const host = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);
  /** The pid of a process that has ended. */
  const gone = spawnSync(process.execPath, ['-e', '']).pid!;

  it('removes those of the same target whose process is gone, and keeps the others', async () => {
    const sub = mkdtempSync(join(dir, 'stale-'));
    const names = {
      dead: `.r.sarif.${host}-${gone}.0123abcd.tmp`,
      alive: `.r.sarif.${host}-${process.ppid}.0123abcd.tmp`,
      otherTarget: `.other.sarif.${host}-${gone}.0123abcd.tmp`,
      otherHostFresh: `.r.sarif.0000beef-${gone}.0123abcd.tmp`,
      otherHostOld: `.r.sarif.0000beef-${gone}.4567abcd.tmp`,
      notOurs: 'r.sarif.tmp',
    };
    for (const name of Object.values(names)) writeFileSync(join(sub, name), 'partial');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    utimesSync(join(sub, names.otherHostOld), twoDaysAgo, twoDaysAgo);
    const file = await openAtomicFile(join(sub, 'r.sarif'));
    await file.abort();
    assert.deepEqual(
      readdirSync(sub).sort(),
      [names.alive, names.otherTarget, names.otherHostFresh, names.notOurs].sort(),
    );
  });

  it('removes those of every target of a directory when asked (the cache’s)', async () => {
    const sub = mkdtempSync(join(dir, 'cache-'));
    writeFileSync(join(sub, `.results-1.ndjson.${host}-${gone}.0123abcd.tmp`), 'partial');
    writeFileSync(join(sub, `.results-2.ndjson.${host}-${gone}.0123abcd.tmp`), 'partial');
    writeFileSync(join(sub, 'results-1.ndjson'), 'kept');
    await removeStaleTemps(sub, null);
    assert.deepEqual(readdirSync(sub), ['results-1.ndjson']);
  });
});
