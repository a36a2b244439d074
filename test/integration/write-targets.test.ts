// Every file the command writes goes through one writer: a device, a named pipe or a symbolic link
// named as a baseline, a merged report or a report file is written, never replaced by a regular file
// (as root, a rename over /dev/full replaced the device). Temporary files that a killed run left are
// removed by the next run that writes there. Config discovery and a refusal (exit 2) spawn the CLI; the
// other runs are main() in-process, which writes through the same writer.
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  constants,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO_ROOT, runCli, tempDir } from '../helpers/run-cli.js';
import { runMainAsCli } from '../helpers/run-main.js';
import { BROKEN, put, validText } from './cli-support.js';

const SAMPLES = join(REPO_ROOT, 'corpus/samples');
const POSIX = process.platform !== 'win32';
/** mknod needs root (CAP_MKNOD). */
const CAN_MKNOD = POSIX && process.getuid?.() === 0;

/**
 * A reader of the named pipe at `path` (a `cat`, which a signal can stop even while it waits for a
 * writer). `text()` is what it read once its writer closed the pipe; a writer that never comes is
 * given up on by a hang guard (not a timing assertion), and the text is then empty.
 */
function readPipe(path: string): { text(): Promise<string> } {
  const cat = spawn('cat', [path], { stdio: ['ignore', 'pipe', 'ignore'] });
  let text = '';
  cat.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk;
  });
  const ended = new Promise<void>((resolve) => cat.on('close', () => resolve()));
  return {
    async text() {
      const guard = setTimeout(() => cat.kill('SIGKILL'), 15_000);
      await ended;
      clearTimeout(guard);
      return text;
    },
  };
}

describe('written in place, never replaced', {
  skip: POSIX ? false : 'named pipes and devices are POSIX',
}, () => {
  const tmp = tempDir('targets');
  const dir = tmp.path;
  before(async () => {
    for (const k of [1, 2]) {
      const shard = await runMainAsCli([SAMPLES, '--shard', `${k}/2`], { cwd: dir });
      writeFileSync(join(dir, `s${k}.ndjson`), shard.stdout);
    }
  });
  after(() => tmp.remove());

  it('--write-baseline through a symbolic link: the link stays, its target holds the baseline', async () => {
    writeFileSync(join(dir, 'real-baseline'), 'keep');
    symlinkSync(join(dir, 'real-baseline'), join(dir, 'link-baseline'));
    const r = await runMainAsCli([SAMPLES, '--write-baseline', 'link-baseline'], { cwd: dir });
    assert.equal(r.code, 1, r.stderr);
    assert.ok(lstatSync(join(dir, 'link-baseline')).isSymbolicLink());
    assert.match(readFileSync(join(dir, 'real-baseline'), 'utf8'), /^\{"type":"baseline"/);
  });

  it('--write-baseline to a named pipe: its reader gets the baseline, the pipe stays a pipe', async () => {
    execFileSync('mkfifo', [join(dir, 'baseline-pipe')]);
    const read = readPipe(join(dir, 'baseline-pipe'));
    const r = await runMainAsCli([SAMPLES, '--write-baseline', 'baseline-pipe'], { cwd: dir });
    assert.equal(r.code, 1, r.stderr);
    assert.match(await read.text(), /^\{"type":"baseline"/);
    assert.ok(lstatSync(join(dir, 'baseline-pipe')).isFIFO());
  });

  it('--write-baseline to a device that fails: exit 2, said, and the device is still a device', {
    skip: CAN_MKNOD ? false : 'mknod needs root',
  }, async () => {
    // Major 1, minor 7: /dev/full, every write fails with ENOSPC.
    execFileSync('mknod', [join(dir, 'full'), 'c', '1', '7']);
    const r = await runMainAsCli([SAMPLES, '--write-baseline', 'full'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /cannot write the baseline full: ENOSPC/);
    assert.ok(statSync(join(dir, 'full')).isCharacterDevice());
    const summary = r.records.at(-1)!;
    assert.deepEqual(summary.failedOutputs, [
      { format: 'baseline', path: 'full', message: 'ENOSPC: no space left on device, write' },
    ]);
  });

  it('merge -o through a symbolic link, to a named pipe, to a failing device', async () => {
    writeFileSync(join(dir, 'real-merged'), 'keep');
    symlinkSync(join(dir, 'real-merged'), join(dir, 'link-merged'));
    let r = await runMainAsCli(['merge', '-o', 'link-merged', 's1.ndjson', 's2.ndjson'], { cwd: dir });
    assert.equal(r.code, 1, r.stderr);
    assert.ok(lstatSync(join(dir, 'link-merged')).isSymbolicLink());
    assert.match(readFileSync(join(dir, 'real-merged'), 'utf8'), /^\{"type":"run"/);

    execFileSync('mkfifo', [join(dir, 'merged-pipe')]);
    const read = readPipe(join(dir, 'merged-pipe'));
    r = await runMainAsCli(['merge', '-o', 'merged-pipe', 's1.ndjson', 's2.ndjson'], { cwd: dir });
    assert.equal(r.code, 1, r.stderr);
    assert.match(await read.text(), /"type":"summary"/);
    assert.ok(lstatSync(join(dir, 'merged-pipe')).isFIFO());

    if (!CAN_MKNOD) return;
    execFileSync('mknod', [join(dir, 'merged-full'), 'c', '1', '7']);
    r = await runMainAsCli(['merge', '-o', 'merged-full', 's1.ndjson', 's2.ndjson'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /ENOSPC/);
    assert.ok(statSync(join(dir, 'merged-full')).isCharacterDevice());
  });
});

describe('temporary files a killed run left', () => {
  const tmp = tempDir('stale');
  const dir = tmp.path;
  after(() => tmp.remove());
  const host = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);
  /** The pid of a process that has ended: its temporary files can only be leftovers. */
  const gone = spawnSync(process.execPath, ['-e', '']).pid!;

  it('are removed from the cache directory and beside a report by the next run', async () => {
    const cache = join(dir, 'cache');
    let r = await runMainAsCli([SAMPLES, '--cache', '--cache-location', 'cache'], { cwd: dir });
    assert.equal(r.code, 1, r.stderr);
    const store = readdirSync(cache)[0]!;
    const stale = [
      `.${store}.${host}-${gone}.0123abcd.tmp`,
      `.results-0000000000000000.ndjson.${host}-${gone}.89abcdef.tmp`,
    ];
    for (const name of stale) writeFileSync(join(cache, name), 'half a store');
    writeFileSync(join(dir, `.r.sarif.${host}-${gone}.0123abcd.tmp`), 'half a report');
    r = await runMainAsCli([SAMPLES, '--cache', '--cache-location', 'cache', '-f', 'sarif=r.sarif'], {
      cwd: dir,
    });
    assert.equal(r.code, 1, r.stderr);
    assert.deepEqual(readdirSync(cache), [store]);
    assert.deepEqual(readdirSync(dir).sort(), ['cache', 'r.sarif']);
  });
});

describe('-f name=path where path is not a plain file', () => {
  const tmp = tempDir('report-path');
  const cwd = tmp.path;
  before(() => {
    put(cwd, 'reg/ok.json', validText('ok'));
    put(cwd, 'reg/bad.json', BROKEN);
    mkdirSync(join(cwd, 'reports'));
  });
  after(() => tmp.remove());

  // `-f sarif=/dev/null` (drop a format) or `=/dev/stderr`: the report was written to a temporary file
  // and renamed over the path, which replaced the device node itself with a regular file when the run
  // had the rights to (a CI container running as root lost its /dev/null). A named pipe stands in
  // for the device here, so a regression cannot damage the machine running the tests.
  it('writes into a named pipe (as into a device) instead of replacing it', async () => {
    const fifo = join(cwd, 'report.pipe');
    execFileSync('mkfifo', [fifo]);
    // A reader that does not wait for a writer, so the run's open for writing does not block.
    const fd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const r = await runMainAsCli(['reg', '-f', 'ndjson', '-f', `gitlab=${fifo}`], { cwd });
      assert.equal(r.code, 1, r.stderr);
      assert.ok(lstatSync(fifo).isFIFO(), 'the named pipe was replaced by a regular file');
      let text = '';
      const buf = Buffer.alloc(65536);
      for (;;) {
        let n = 0;
        try {
          n = readSync(fd, buf, 0, buf.length, null);
        } catch {
          break;
        }
        if (n === 0) break;
        text += buf.toString('utf8', 0, n);
      }
      const issues = JSON.parse(text) as Array<{ check_name: string }>;
      assert.ok(issues.some((i) => i.check_name === 'mcpdesc.document.syntax'));
    } finally {
      closeSync(fd);
    }
  });

  it('writes through a symbolic link to a file, keeping the link', async () => {
    put(cwd, 'out/real.json', 'old');
    symlinkSync('real.json', join(cwd, 'out/link.json'));
    const r = await runMainAsCli(['reg', '-f', 'ndjson', '-f', 'gitlab=out/link.json'], { cwd });
    assert.equal(r.code, 1, r.stderr);
    assert.ok(lstatSync(join(cwd, 'out/link.json')).isSymbolicLink(), 'the link was replaced');
    const issues = JSON.parse(readFileSync(join(cwd, 'out/real.json'), 'utf8'));
    assert.ok(Array.isArray(issues) && issues.length > 0);
  });

  it('a report path that is a directory is refused before the run, exit 2, naming the path', async () => {
    const r = await runCli(['reg/bad.json', '-f', 'sarif=reports'], { cwd });
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '', 'nothing on stdout: the run did not start');
    assert.match(r.stderr, /sarif report to reports: .*directory/);
    assert.deepEqual(readdirSync(join(cwd, 'reports')), []);
    assert.deepEqual(
      readdirSync(cwd).filter((f) => f.endsWith('.tmp')),
      [],
      'no temporary file left',
    );
  });

  it("a report file's missing folders are created (the README's config example); no temp file is named", async () => {
    const dir = join(cwd, 'readme-config');
    mkdirSync(join(dir, '.git'), { recursive: true });
    put(dir, 'registry/a.json', validText('a'));
    put(
      dir,
      'mcpdesc-validate.config.json',
      JSON.stringify({ patterns: ['registry'], formats: ['text', 'sarif=reports/mcpdesc.sarif'] }),
    );
    const r = await runCli([], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(readFileSync(join(dir, 'reports/mcpdesc.sarif'), 'utf8')).version, '2.1.0');
    // A file where the folder should be: named, and nothing else.
    const blocked = await runMainAsCli(['registry', '-f', 'ndjson=registry/a.json/x.ndjson'], { cwd: dir });
    assert.equal(blocked.code, 2);
    assert.equal(blocked.stdout, '');
    assert.match(
      blocked.stderr,
      /cannot write the ndjson report to registry\/a\.json\/x\.ndjson: cannot create its folder: EEXIST/,
    );
    assert.doesNotMatch(blocked.stderr, /\.tmp/);
  });
});
