// Edge cases of the command line, tried as a hostile user would try them: each test
// spawns the real CLI and checks the promises of docs/cli.md (framing, exit codes, stderr).
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BIN, cliEnv, FAULTY_WORKER, runCli, tempDir } from '../helpers/run-cli.js';
import { validDocument, writeCorpus } from '../helpers/small-corpus.js';

/**
 * Spawn the CLI, send SIGINT once `marker` shows on stdout, and wait for it to close. A CLI that
 * lingers after the interrupt is killed by a guard (a hang guard, not a timing assertion) so that the
 * test fails instead of hanging. stdin stays open (a pipe nobody writes to) when `openStdin`.
 */
async function interruptWhen(
  args: string[],
  cwd: string,
  marker: string,
  openStdin = false,
): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd,
    env: cliEnv(),
    stdio: [openStdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let signalled = false;
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    if (!signalled && stdout.includes(marker)) {
      signalled = true;
      child.kill('SIGINT');
    }
  });
  child.stderr!.resume();
  const guard = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((done) => child.on('close', done));
  clearTimeout(guard);
  child.stdin?.destroy();
  return { code, stdout };
}

describe('CLI edge cases', () => {
  const tmp = tempDir('edges');
  const cwd = tmp.path;
  before(() => {
    writeFileSync(join(cwd, 'ok.json'), JSON.stringify(validDocument(1, () => 0.5)));
    writeFileSync(join(cwd, 'bad.json'), '{"mcpdesc": "0.7.0",');
    mkdirSync(join(cwd, 'reports'));
    // slow-* files take 25 ms each in the test worker: the run is still going when stdout starts.
    writeCorpus(join(cwd, 'slow'), { files: 40, seed: 3, defectRate: 0, prefix: 'slow-' });
  });
  after(() => tmp.remove());

  it('an empty pattern is a usage error, not the whole working directory', async () => {
    // `mcpdesc-validate "$REGISTRY"` with the variable unset once checked everything under the cwd.
    const r = await runCli(['', 'ok.json'], { cwd });
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '', 'nothing on stdout: the run did not start');
    assert.match(r.stderr, /empty pattern/);
  });

  it('a report path that is a directory is refused before the run, exit 2, naming the path', async () => {
    const r = await runCli(['bad.json', '-f', 'sarif=reports'], { cwd });
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

  it('a reader that leaves early (| head) ends --help, rules and report --help quietly', async () => {
    // `true` exits without reading, so the CLI's first write to the pipe fails with EPIPE.
    for (const args of ['--help', '--version', 'rules', 'report --help', 'merge --help']) {
      const err = join(cwd, 'epipe-stderr.txt');
      execFileSync('sh', ['-c', `"${process.execPath}" "${BIN}" ${args} 2>"${err}" | true`], {
        cwd,
        env: cliEnv(),
      });
      assert.equal(readFileSync(err, 'utf8'), '', `${args}: nothing on stderr`);
    }
  });

  it('a full disk on stdout is reported once, exit 2', { skip: !existsSync('/dev/full') }, async () => {
    for (const format of ['ndjson', 'text']) {
      const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((done) => {
        const child = spawn(process.execPath, [BIN, 'ok.json', 'bad.json', '-f', format], {
          cwd,
          env: cliEnv(),
          stdio: ['ignore', openSync('/dev/full', 'w'), 'pipe'],
        });
        let err = '';
        child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
          err += chunk;
        });
        child.on('close', (c) => done({ code: c, stderr: err }));
      });
      assert.equal(code, 2, format);
      assert.equal(stderr.match(/cannot write to stdout/g)?.length, 1, `${format}: ${stderr}`);
      assert.match(stderr, /ENOSPC/);
    }
  });

  it('an unreadable --files-from or --ignore-path is named in the message, exit 2, nothing on stdout', async () => {
    const list = await runCli(['--files-from', 'reports'], { cwd });
    assert.equal(list.code, 2);
    assert.equal(list.stdout, '');
    assert.match(list.stderr, /cannot read --files-from reports: EISDIR/);
    const ignore = await runCli(['ok.json', '--ignore-path', 'no-such.ignore'], { cwd });
    assert.equal(ignore.code, 2);
    assert.equal(ignore.stdout, '');
    assert.match(ignore.stderr, /cannot read --ignore-path no-such\.ignore: ENOENT/);
  });

  it('a device whose size stat cannot tell (/dev/zero) stops at --max-file-size', {
    skip: !existsSync('/dev/zero'),
  }, async () => {
    const r = await runCli(['ok.json', '/dev/zero', '/dev/null', '--max-file-size', '1MiB'], { cwd });
    const files = r.records.filter((x) => x.type === 'file');
    assert.deepEqual(
      files.map((f) => [f.file, f.status]),
      [
        ['/dev/null', 'invalid'],
        ['/dev/zero', 'skipped'],
        ['ok.json', 'valid'],
      ],
    );
    assert.deepEqual(files[1]!.error, {
      code: 'EMAXSIZE',
      message: 'Not checked: the input is over --max-file-size (1048576 bytes).',
    });
    assert.equal(r.code, 1, 'the empty /dev/null is a syntax finding');
  });

  it('SIGINT while waiting for a document on stdin writes the summary and exits, stdin still open', async () => {
    // stdin is never ended: like a terminal nobody types into.
    const { code, stdout } = await interruptWhen(['-'], cwd, '"type":"run"', true);
    assert.equal(code, 130, 'exited on its own after the interrupt');
    const last = JSON.parse(stdout.trimEnd().split('\n').at(-1)!);
    assert.equal(last.type, 'summary');
    assert.equal(last.aborted, true);
  });
});

/** mkfifo, where the platform has it (not on Windows). */
function makeFifo(path: string): boolean {
  try {
    execFileSync('mkfifo', [path]);
    return true;
  } catch {
    return false;
  }
}

describe('a named pipe (FIFO) given as an input', () => {
  const tmp = tempDir('fifo');
  const cwd = tmp.path;
  let fifos = false;
  before(() => {
    writeFileSync(join(cwd, 'ok.json'), JSON.stringify(validDocument(1, () => 0.5)));
    fifos =
      makeFifo(join(cwd, 'z-waiting.json')) &&
      makeFifo(join(cwd, 'z-fed.json')) &&
      makeFifo(join(cwd, 'z-fed-2.json')) &&
      makeFifo(join(cwd, 'z-framed.json'));
  });
  after(() => tmp.remove());

  it('is read when a writer comes, like any other input', async (t) => {
    if (!fifos) return t.skip('no mkfifo');
    // One thread reads both pipes, one after the other (the fd number is reused).
    const running = runCli(['ok.json', 'z-fed.json', 'z-fed-2.json', '--concurrency', '1'], { cwd });
    // Opening the write end waits until the CLI opens the read end: feed them in the sorted order.
    await writeFile(join(cwd, 'z-fed-2.json'), readFileSync(join(cwd, 'ok.json')));
    await writeFile(join(cwd, 'z-fed.json'), readFileSync(join(cwd, 'ok.json')));
    const r = await running;
    assert.deepEqual(
      r.records.filter((x) => x.type === 'file').map((f) => [f.file, f.status]),
      [
        ['ok.json', 'valid'],
        ['z-fed-2.json', 'valid'],
        ['z-fed.json', 'valid'],
      ],
    );
    assert.equal(r.code, 0);
    assert.doesNotMatch(r.stderr, /Warning/, r.stderr);
  });

  it('--code-frame does not read it a second time (there is no second time)', async (t) => {
    if (!fifos) return t.skip('no mkfifo');
    const child = spawn(process.execPath, [BIN, 'z-framed.json', '-f', 'text', '--code-frame'], {
      cwd,
      env: cliEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr!.resume();
    await writeFile(join(cwd, 'z-framed.json'), '{"mcpdesc": "0.7.0",\n  "info": 1,');
    // A hang guard, not a timing assertion: a CLI waiting for a second writer is killed.
    const guard = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await new Promise<number | null>((done) => child.on('close', done));
    clearTimeout(guard);
    assert.equal(code, 1, stdout);
    assert.match(stdout, /^z-framed\.json:2:\d+ +error +Invalid JSON/m);
    assert.doesNotMatch(stdout, /\| /, 'no frame');
  });

  // In-process (`0`), a pending read must not keep the process alive after its summary.
  for (const concurrency of ['auto', '1', '0']) {
    it(`SIGINT while it waits for a writer ends the run with its summary (--concurrency ${concurrency})`, async (t) => {
      if (!fifos) return t.skip('no mkfifo');
      // ok.json's record is out: the run now waits on the pipe, which nobody writes to.
      const { code, stdout } = await interruptWhen(
        ['ok.json', 'z-waiting.json', '--concurrency', concurrency],
        cwd,
        '"file":"ok.json"',
      );
      assert.equal(code, 130, 'exited on its own after the interrupt');
      const last = JSON.parse(stdout.trimEnd().split('\n').at(-1)!);
      assert.equal(last.type, 'summary');
      assert.equal(last.aborted, true);
    });
  }
});
