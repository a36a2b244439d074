// Fault isolation and interruption, with the real CLI and a fault-injecting test worker
// (test/helpers/faulty-worker.ts, loaded through MCPDESC_VALIDATE_TEST_WORKER).
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  type CliResult,
  FAULTY_WORKER,
  parseNdjson,
  runCli,
  runCliIntoHead,
  tempDir,
} from '../helpers/run-cli.js';
import { validDocument, writeCorpus } from '../helpers/small-corpus.js';

const env = { MCPDESC_VALIDATE_TEST_WORKER: FAULTY_WORKER };
const fileRecords = (r: CliResult) => r.records.filter((x) => x.type === 'file');

describe('a failing worker', () => {
  const tmp = tempDir('faults');
  const cwd = tmp.path;
  before(() => {
    const valid = JSON.stringify(validDocument(1, () => 0.5));
    for (let i = 0; i < 150; i++) writeFileSync(join(cwd, `ok-${String(i).padStart(3, '0')}.json`), valid);
    writeFileSync(join(cwd, 'crash-me.json'), valid);
    writeFileSync(join(cwd, 'oom-me.json'), valid);
    writeFileSync(join(cwd, 'throw-me.json'), valid);
  });
  after(() => tmp.remove());

  for (const concurrency of ['2', '1']) {
    it(`turns exits, heap exhaustion and throws into error records and checks everything else (--concurrency ${concurrency})`, async () => {
      const r = await runCli(['.', '--concurrency', concurrency, '--worker-memory', '64'], { cwd, env });
      assert.equal(r.records[0]?.type, 'run');
      assert.equal(r.records.at(-1)?.type, 'summary');
      const files = fileRecords(r);
      assert.equal(files.length, 153);
      const errors = files.filter((f) => f.status === 'error');
      assert.deepEqual(
        errors.map((f) => f.file),
        ['crash-me.json', 'oom-me.json', 'throw-me.json'],
      );
      const reasons = Object.fromEntries(
        errors.map((f) => [f.file, (f.error as { message: string }).message]),
      );
      assert.match(reasons['crash-me.json']!, /exited with code/);
      assert.match(reasons['oom-me.json']!, /memory/i);
      assert.match(reasons['throw-me.json']!, /planted failure/);
      assert.equal(files.filter((f) => f.status === 'valid').length, 150);
      const summary = r.records.at(-1)!;
      assert.equal(summary.exitCode, 2);
      assert.equal(r.code, 2);
      assert.doesNotMatch(r.stderr, /at .*\.js:\d+/, 'no stack trace on stderr');
    });
  }

  it('isolates a throwing file in-process too', async () => {
    const r = await runCli(['throw-me.json', 'ok-000.json', 'ok-001.json', '--concurrency', '0'], {
      cwd,
      env,
    });
    assert.deepEqual(
      fileRecords(r).map((f) => [f.file, f.status]),
      [
        ['ok-000.json', 'valid'],
        ['ok-001.json', 'valid'],
        ['throw-me.json', 'error'],
      ],
    );
    assert.equal(r.code, 2);
  });
});

describe('a worker that exits while checking the slices of a fanned-out file', () => {
  const tmp = tempDir('fanout-crash');
  const cwd = tmp.path;
  before(() => {
    const valid = validDocument(1, () => 0.5);
    writeFileSync(join(cwd, 'a-ok.json'), JSON.stringify(valid));
    const tools = Array.from({ length: 400 }, (_, i) => ({ name: `t${i}`, inputSchema: { type: 'object' } }));
    tools[200] = { name: 'crash-worker', inputSchema: { type: 'object' } };
    writeFileSync(join(cwd, 'b-dump.json'), JSON.stringify({ ...valid, tools }));
    writeFileSync(join(cwd, 'crash-me.json'), JSON.stringify(valid));
    writeFileSync(join(cwd, 'z-ok.json'), JSON.stringify(valid));
  });
  after(() => tmp.remove());

  it('gives that file the record a crashed whole-file check gets (WORKER_FAILED, not EINTERNAL)', async () => {
    const r = await runCli(['.', '--concurrency', '2', '--stream-threshold', '4KiB'], { cwd, env });
    assert.equal(r.records.at(-1)?.type, 'summary');
    const records = fileRecords(r);
    const files = Object.fromEntries(records.map((f) => [f.file as string, f]));
    assert.deepEqual(
      records.map((f) => [f.file, f.status]),
      [
        ['a-ok.json', 'valid'],
        ['b-dump.json', 'error'],
        ['crash-me.json', 'error'],
        ['z-ok.json', 'valid'],
      ],
    );
    assert.equal(files['b-dump.json']!.streamed, true);
    const reason = (file: string) => files[file]!.error as { code: string; message: string };
    assert.equal(reason('crash-me.json').code, 'WORKER_FAILED');
    assert.deepEqual(reason('b-dump.json'), reason('crash-me.json'));
    assert.equal(r.code, 2);
  });
});

describe('a pool-level worker failure (no task owns it)', () => {
  const tmp = tempDir('pool-error');
  const cwd = tmp.path;
  before(() => {
    const valid = JSON.stringify(validDocument(1, () => 0.5));
    for (let i = 0; i < 3; i++) writeFileSync(join(cwd, `ok-${i}.json`), valid);
  });
  after(() => tmp.remove());

  it('workers that cannot even start (heap limit too small) give error records, not a crash or a hang', async () => {
    const r = await runCli(['ok-0.json', 'ok-1.json', '--concurrency', '2', '--worker-memory', '2'], { cwd });
    assert.doesNotMatch(r.stderr, /Unhandled|at .*\.js:\d+/, r.stderr);
    assert.equal(r.records[0]?.type, 'run');
    assert.equal(r.records.at(-1)?.type, 'summary');
    const files = fileRecords(r);
    assert.deepEqual(
      files.map((f) => [f.file, f.status]),
      [
        ['ok-0.json', 'error'],
        ['ok-1.json', 'error'],
      ],
    );
    assert.match((files[0]!.error as { message: string }).message, /memory/i);
    assert.equal(r.code, 2);
  });
});

describe('interruption and closed output', () => {
  const tmp = tempDir('interrupt');
  const cwd = tmp.path;
  before(() => {
    // 400 files × 25 ms: ~10 s at one file at a time, far longer than the test waits.
    writeCorpus(join(cwd, 'slow'), { files: 400, seed: 7, defectRate: 0, prefix: 'slow-' });
  });
  after(() => tmp.remove());

  for (const [signal, concurrency] of [
    ['SIGINT', '0'],
    ['SIGINT', '2'],
    ['SIGTERM', '1'],
  ] as const) {
    it(`${signal} mid-run (--concurrency ${concurrency}) writes the summary of what finished and exits 130`, async () => {
      let sent = false;
      const r = await runCli(['slow', '--concurrency', concurrency], {
        cwd,
        env,
        onStdout: (_chunk, child) => {
          if (!sent && /"type":"file"/.test(_chunk)) {
            sent = true;
            child.kill(signal);
          }
        },
      });
      assert.equal(sent, true);
      assert.equal(r.code, 130);
      const files = fileRecords(r);
      assert.ok(files.length >= 1 && files.length < 400, `${files.length} files before the interrupt`);
      const summary = r.records.at(-1)!;
      assert.equal(summary.type, 'summary');
      assert.equal(summary.aborted, true);
      assert.equal(summary.exitCode, 130);
      assert.equal((summary.files as { total: number }).total, files.length);
      // What was written is the sorted prefix of the input.
      const names = files.map((f) => f.file as string);
      assert.deepEqual(names, [...names].sort());
    });
  }

  it('ends quietly when the reader goes away (| head -1)', async () => {
    const result = await runCliIntoHead('slow --concurrency 1', 1, { cwd, env });
    const lines = parseNdjson(result.stdout);
    assert.equal(lines.length, 1);
    assert.equal(lines[0]!.type, 'run');
    assert.ok(result.status !== null, result.stderr);
    assert.notEqual(result.status, 130);
    assert.doesNotMatch(result.stderr, /EPIPE|Error|at .*:\d+:\d+/, 'no error output');
  });
});
