// Every file a command opens itself may be a named pipe nobody writes to: SIGTERM (or SIGINT) while
// the command waits for its writer ends it as any interrupt does, exit 130 and what it has to say,
// not with the signal's default death (143) and not never.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BIN, cliEnv, parseNdjson, tempDir } from '../helpers/run-cli.js';
import { validDocument } from '../helpers/small-corpus.js';

/** Whether one of `pid`'s threads waits in open(2) for the other end of a named pipe (Linux /proc). */
function waitsOnPipe(pid: number): boolean {
  try {
    return readdirSync(`/proc/${pid}/task`).some(
      (task) => readFileSync(`/proc/${pid}/task/${task}/wchan`, 'utf8') === 'wait_for_partner',
    );
  } catch {
    return false;
  }
}

/**
 * Spawn the CLI, send `signal` once it waits on a named pipe, and collect what it writes. A CLI that
 * outlives the signal is killed by a guard (a hang guard, not a timing assertion): the test then fails.
 */
async function interruptedWhileWaiting(
  args: string[],
  cwd: string,
  signal: NodeJS.Signals,
): Promise<{ code: number | null; killedBy: NodeJS.Signals | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd,
    env: cliEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const closed = new Promise<[number | null, NodeJS.Signals | null]>((done) =>
    child.on('close', (code, killedBy) => done([code, killedBy])),
  );
  let exited = false;
  void closed.then(() => {
    exited = true;
  });
  const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
  // The signal is sent while the command waits on the pipe, not before it listens for signals.
  while (!exited && !waitsOnPipe(child.pid!)) await new Promise((r) => setTimeout(r, 20));
  if (!exited) child.kill(signal);
  const [code, killedBy] = await closed;
  clearTimeout(guard);
  return { code, killedBy, stdout, stderr };
}

describe('an interrupt while a command waits on a named pipe it opened itself', () => {
  const tmp = tempDir('interrupt-inputs');
  const cwd = tmp.path;
  let fifos = existsSync('/proc/self/task');
  before(() => {
    writeFileSync(join(cwd, 'ok.json'), JSON.stringify(validDocument(1, () => 0.5)));
    try {
      execFileSync('mkfifo', [join(cwd, 'pipe'), join(cwd, 'pipe-2')]);
    } catch {
      fifos = false;
    }
    // A real run record to compare against the pipe and to merge with it.
    const run = execFileSync(process.execPath, [BIN, 'ok.json'], { cwd, env: cliEnv() });
    writeFileSync(join(cwd, 'run.ndjson'), run);
  });
  after(() => tmp.remove());

  const skip = 'needs mkfifo and Linux /proc to tell when the command waits on the pipe';

  for (const [option, signal] of [
    ['--baseline', 'SIGTERM'],
    ['--files-from', 'SIGTERM'],
    ['--ignore-path', 'SIGTERM'],
    ['--config', 'SIGTERM'],
    ['--baseline', 'SIGINT'],
  ] as const) {
    it(`${option} on a pipe with no writer: ${signal} ends the run with exit 130 and its summary`, async (t) => {
      if (!fifos) return t.skip(skip);
      const r = await interruptedWhileWaiting(['ok.json', option, 'pipe'], cwd, signal);
      assert.equal(r.killedBy, null, `died of ${r.killedBy}: ${r.stderr}`);
      assert.equal(r.code, 130, r.stderr);
      const records = parseNdjson(r.stdout);
      assert.equal(records[0]?.type, 'run');
      const summary = records.at(-1)!;
      assert.equal(summary.type, 'summary');
      assert.equal(summary.aborted, true);
      assert.equal(summary.exitCode, 130);
      assert.doesNotMatch(r.stderr, /cannot (read|use)|ENOENT|Error|at .*:\d+:\d+/, r.stderr);
    });
  }

  it('report on a pipe with no writer: SIGTERM ends it with exit 130, saying nothing was rendered', async (t) => {
    if (!fifos) return t.skip(skip);
    writeFileSync(join(cwd, 'report.sarif'), 'before\n');
    const r = await interruptedWhileWaiting(
      ['report', 'pipe', '-f', 'sarif', '-o', 'report.sarif'],
      cwd,
      'SIGTERM',
    );
    assert.equal(r.killedBy, null, `died of ${r.killedBy}: ${r.stderr}`);
    assert.equal(r.code, 130, r.stderr);
    assert.match(r.stderr, /report: interrupted before a run record was read; nothing was rendered/);
    assert.equal(readFileSync(join(cwd, 'report.sarif'), 'utf8'), 'before\n');
  });

  it('merge on a pipe with no writer: SIGTERM ends it with exit 130, the output file untouched', async (t) => {
    if (!fifos) return t.skip(skip);
    writeFileSync(join(cwd, 'merged.ndjson'), 'before\n');
    const r = await interruptedWhileWaiting(
      ['merge', '-o', 'merged.ndjson', 'run.ndjson', 'pipe'],
      cwd,
      'SIGTERM',
    );
    assert.equal(r.killedBy, null, `died of ${r.killedBy}: ${r.stderr}`);
    assert.equal(r.code, 130, r.stderr);
    assert.match(r.stderr, /merge: interrupted/);
    assert.equal(readFileSync(join(cwd, 'merged.ndjson'), 'utf8'), 'before\n');
  });

  it('compare on a pipe with no writer: SIGTERM ends it with exit 130', async (t) => {
    if (!fifos) return t.skip(skip);
    const r = await interruptedWhileWaiting(['compare', 'run.ndjson', 'pipe-2'], cwd, 'SIGTERM');
    assert.equal(r.killedBy, null, `died of ${r.killedBy}: ${r.stderr}`);
    assert.equal(r.code, 130, r.stderr);
    assert.match(r.stderr, /compare: interrupted/);
  });
});
