// Outputs that fail: a full disk behind stdout or behind a report file, a report that cannot be put in
// place. Each failure is said once on stderr, in words, and the exit code is 2; the outputs that still
// work get the whole run. Where the process is not the point (an output file that fails, a collision
// refused), main() runs in-process; stdout on a full disk, a worker's pace and exit 1 spawn the CLI.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BIN, cliEnv, FAULTY_WORKER, REPO_ROOT, runCli, tempDir } from '../helpers/run-cli.js';
import { runMainAsCli } from '../helpers/run-main.js';
import { writeCorpus } from '../helpers/small-corpus.js';

const SAMPLES = join(REPO_ROOT, 'corpus/samples');

const FULL = '/dev/full';
const HAS_FULL = existsSync(FULL);

/** The CLI with its stdout on /dev/full (every write fails with ENOSPC). */
function intoFullDisk(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const fd = openSync(FULL, 'w');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: REPO_ROOT,
      env: cliEnv(),
      stdio: ['ignore', fd, 'pipe'],
    });
    closeSync(fd);
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('stdout on a full disk', { skip: HAS_FULL ? false : `no ${FULL} here` }, () => {
  for (const args of [
    ['rules'],
    ['rules', '--format', 'json'],
    ['rules', 'mcpdesc.tool.members'],
    ['rules', '--help'],
    ['merge', '--help'],
    ['compare', '--help'],
    ['report', '--help'],
    ['--help'],
    ['--version'],
  ]) {
    it(`${args.join(' ')}: one line on stderr, exit 2, no stack trace`, async () => {
      const r = await intoFullDisk(args);
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /cannot write to stdout: ENOSPC/);
      assert.doesNotMatch(r.stderr, /internal error|\n\s+at /);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    });
  }

  it('a full disk on stdout is reported once, exit 2', async () => {
    const inputs = [
      join(SAMPLES, 'valid/minimal.json'),
      join(SAMPLES, 'invalid/capabilities-wrong-type.json'),
    ];
    for (const format of ['ndjson', 'text']) {
      const { code, stderr } = await intoFullDisk([...inputs, '-f', format]);
      assert.equal(code, 2, format);
      assert.equal(stderr.match(/cannot write to stdout/g)?.length, 1, `${format}: ${stderr}`);
      assert.match(stderr, /ENOSPC/);
    }
  });
});

describe('a report output that fails', { skip: HAS_FULL ? false : `no ${FULL} here` }, () => {
  const tmp = tempDir('failing-output');
  after(() => tmp.remove());

  it('is said and dropped: the other outputs get the whole run, and the summary names it (exit 2)', async () => {
    const whole = await runMainAsCli([SAMPLES], { cwd: tmp.path });
    const files = whole.records.filter((r) => r.type === 'file').length;
    assert.ok(files > 40);
    const r = await runMainAsCli([SAMPLES, '-f', `sarif=${FULL}`, '-f', 'junit=junit.xml', '-f', 'ndjson'], {
      cwd: tmp.path,
    });
    assert.equal(r.code, 2);
    assert.match(r.stderr, new RegExp(`cannot write ${FULL}: ENOSPC`));
    assert.equal(r.records.filter((rec) => rec.type === 'file').length, files);
    const summary = r.records.at(-1)!;
    assert.equal(summary.type, 'summary');
    assert.equal(summary.aborted, false);
    assert.equal(summary.exitCode, 2);
    assert.deepEqual(summary.failedOutputs, [
      { format: 'sarif', path: FULL, message: 'ENOSPC: no space left on device, write' },
    ]);
    const junit = readFileSync(join(tmp.path, 'junit.xml'), 'utf8');
    assert.equal(junit.match(/<testcase /g)?.length, files, 'the JUnit report holds every document');
  });

  it('report: a failing output is exit 2, even when the run had findings', async () => {
    const run = await runMainAsCli([SAMPLES], { cwd: tmp.path });
    assert.equal(run.code, 1);
    writeFileSync(join(tmp.path, 'run.ndjson'), run.stdout);
    const r = await runMainAsCli(['report', 'run.ndjson', '-f', `sarif=${FULL}`], { cwd: tmp.path });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /cannot write \/dev\/full: ENOSPC/);
  });
});

describe('a report that cannot be put in place at the end of the run', () => {
  const tmp = tempDir('late-report');
  const cwd = tmp.path;
  // slow-* files take 25 ms each in the test worker: the run is still going when stdout starts.
  before(() => writeCorpus(join(cwd, 'slow'), { files: 40, seed: 3, defectRate: 0, prefix: 'slow-' }));
  after(() => tmp.remove());

  it('the closing line states the exit code the process really returns when a report cannot be put in place', async () => {
    let blocked = false;
    const r = await runCli(['slow', '--concurrency', '0', '-f', 'ndjson', '-f', 'sarif=late.sarif'], {
      cwd,
      env: { MCPDESC_VALIDATE_TEST_WORKER: FAULTY_WORKER },
      onStdout: () => {
        if (blocked) return;
        blocked = true;
        // The report's final path turns into a directory mid-run: the rename at the end must fail.
        mkdirSync(join(cwd, 'late.sarif', 'sub'), { recursive: true });
      },
    });
    assert.equal(blocked, true);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /cannot write .*late\.sarif/);
    assert.match(r.stderr, /; exit 2\n$/, r.stderr);
  });
});

describe('two outputs in one file', () => {
  const tmp = tempDir('collisions');
  after(() => tmp.remove());

  for (const [label, args] of [
    ['two formats naming one path', ['-f', 'sarif=x', '-f', 'junit=x']],
    ['the same file by two names', ['-f', 'sarif=x', '-f', 'junit=./sub/../x']],
    ['a format on stdout and a file naming stdout', ['-f', 'sarif=/dev/stdout', '-f', 'ndjson']],
    ['a report file and the baseline', ['-f', 'sarif=x', '--write-baseline', 'x']],
  ] as const) {
    it(`are refused before any work (exit 2): ${label}`, async () => {
      mkdirSync(join(tmp.path, 'sub'), { recursive: true });
      // /dev/stdout is the process's own: that case needs a process whose stdout is the CLI's.
      const run = (args as readonly string[]).includes('sarif=/dev/stdout') ? runCli : runMainAsCli;
      const r = await run([SAMPLES, ...args], { cwd: tmp.path });
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /write to the same file/);
      assert.equal(r.stdout, '');
      assert.equal(existsSync(join(tmp.path, 'x')), false);
    });
  }

  it('report refuses them too', async () => {
    const run = await runMainAsCli([SAMPLES], { cwd: tmp.path });
    writeFileSync(join(tmp.path, 'run.ndjson'), run.stdout);
    const r = await runMainAsCli(['report', 'run.ndjson', '-f', 'sarif=y', '-f', 'gitlab=y'], {
      cwd: tmp.path,
    });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /write to the same file/);
  });

  it('two outputs to /dev/null are no collision', async () => {
    const r = await runCli([SAMPLES, '-f', 'sarif=/dev/null', '-f', 'junit=/dev/null'], { cwd: tmp.path });
    assert.equal(r.code, 1, r.stderr);
  });
});
