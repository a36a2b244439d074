// A named pipe (FIFO) given as an input: read when a writer comes, read once, and an interrupt while
// it waits for its writer ends the run with its summary.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BIN, cliEnv, interruptWhen, runCli, tempDir } from '../helpers/run-cli.js';
import { validDocument } from '../helpers/small-corpus.js';

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
