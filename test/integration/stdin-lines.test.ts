// `--stdin-format jsonl -`: standard input checked as it comes (src/cli/stdin-lines.ts), with the
// records of the same bytes given as a file, written while the input is still being read, and the
// endings of the file paths: `| head` quiet, an interrupt's summary, a crashed worker's error record.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import {
  BIN,
  type CliResult,
  cliEnv,
  FAULTY_WORKER,
  parseNdjson,
  runCli,
  runCliIntoHead,
} from '../helpers/run-cli.js';
import { rng, validDocument } from '../helpers/small-corpus.js';
import { TempDir } from '../unit/worker/helpers.js';

const TIMEOUT = { timeout: 120_000 };
const STDIN = ['--format', 'ndjson', '--stdin-format', 'jsonl'];

/** Records without what differs between a file and stdin (its name) or between runs (timings). */
function comparable(r: CliResult): unknown[] {
  return r.records
    .filter((rec) => rec.type !== 'run')
    .map((rec) => {
      const { durationMs: _d, wallMs: _w, throughput: _t, peakRssBytes: _p, file: _f, ...rest } = rec;
      return rest;
    });
}

function dump(count: number, seed: number, crashAt = -1): string {
  const random = rng(seed);
  const lines: string[] = [];
  for (let n = 0; n < count; n++) {
    const pick = random();
    if (n === crashAt) lines.push(JSON.stringify({ mcpdesc: '0.7.0', 'x-note': 'crash-worker' }));
    else if (n === 700) lines.push(JSON.stringify({ mcpdesc: '0.7.0', pad: 'x'.repeat(30_000) }));
    else if (pick < 0.06) lines.push('');
    else if (pick < 0.09) lines.push('  \t ');
    else if (pick < 0.11) lines.push('{"mcpdesc": "0.7.0", "info": {');
    else if (pick < 0.2) lines.push(`${JSON.stringify(validDocument(n, random))}\r`);
    else if (pick < 0.3) lines.push(JSON.stringify({ mcpdesc: '0.7.0', tools: [{ name: 'bad name!' }] }));
    else lines.push(JSON.stringify(validDocument(n, random)));
  }
  // No final newline.
  return lines.join('\n');
}

/**
 * The CLI reading a pipe that this test writes: `write` is called once it runs, and the child is
 * killed (the test then fails) if it has not closed within `limitMs`.
 */
function runFed(
  args: string[],
  cwd: string,
  feed: (child: ReturnType<typeof spawn>, stdout: () => string) => Promise<void>,
  limitMs = 60_000,
  env: Record<string, string> = {},
): Promise<CliResult & { killed: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: cliEnv(env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, limitMs);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.stdin!.on('error', () => undefined);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, records: parseNdjson(stdout), killed });
    });
    feed(child, () => stdout).catch(reject);
  });
}

async function until(condition: () => boolean, what: string, limitMs = 30_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('JSON Lines on standard input', () => {
  const tmp = new TempDir();
  const cwd = tmp.path;
  let text: string;
  before(() => {
    text = dump(3000, 11);
    writeFileSync(join(cwd, 'dump.jsonl'), text);
    writeFileSync(join(cwd, 'dump-crlf.jsonl'), text.split('\n').join('\r\n'));
    writeFileSync(join(cwd, 'blank.jsonl'), '\n  \r\n\t\n'.repeat(100));
  });
  after(() => tmp.remove());
  // The records of a file checked whole, as the reference its piped bytes are compared with; the run
  // of dump.jsonl serves two tests, made once whichever runs first.
  const fileRuns = new Map<string, Promise<CliResult>>();
  const fileRun = (name: string) => {
    if (!fileRuns.has(name))
      fileRuns.set(name, runCli(['--format', 'ndjson', '--max-file-size', '20000', name], { cwd }));
    return fileRuns.get(name)!;
  };

  for (const name of ['dump.jsonl', 'dump-crlf.jsonl', 'blank.jsonl']) {
    it(`${name}: the records of the file, in-process and over threads`, TIMEOUT, async () => {
      const stdin = readFileSync(join(cwd, name));
      const file = await fileRun(name);
      for (const concurrency of ['0', '2']) {
        const piped = await runCli(
          [...STDIN, '--max-file-size', '20000', '--concurrency', concurrency, '-'],
          {
            cwd,
            stdin,
          },
        );
        assert.equal(piped.code, file.code, piped.stderr);
        assert.deepEqual(comparable(piped), comparable(file), `--concurrency ${concurrency}`);
        assert.ok(piped.records.filter((r) => r.type === 'file').every((r) => r.file === '<stdin>'));
      }
      if (name === 'dump.jsonl') {
        const files = file.records.filter((r) => r.type === 'file');
        assert.ok(files.length > 2500, `${files.length} records`);
        assert.ok(files.some((r) => r.status === 'skipped'));
        assert.equal(files.at(-1)!.line, 3000);
      }
    });
  }

  // `--stdin-format auto` (the default) must not take such input for one JSON document (a single
  // syntax error at the second line). Read whole, as auto reads, then line by line.
  it(
    'auto: text whose first line is a whole object and next line an object is JSON Lines',
    TIMEOUT,
    async () => {
      const lines = `${JSON.stringify(validDocument(1, rng(5)))}\n${text}`;
      writeFileSync(join(cwd, 'auto.jsonl'), lines);
      writeFileSync(join(cwd, 'auto.jsonl.gz'), gzipSync(lines));
      // For gzip, --max-file-size bounds the decompressed total, not a line: left out there.
      const cases: Array<[string, Buffer, string[]]> = [
        ['auto.jsonl', Buffer.from(lines), ['--max-file-size', '20000']],
        ['auto.jsonl.gz', gzipSync(lines), []],
      ];
      for (const [name, stdin, limit] of cases) {
        const file = await runCli(['--format', 'ndjson', ...limit, name], { cwd });
        const piped = await runCli(['--format', 'ndjson', ...limit, '-'], { cwd, stdin });
        assert.equal(piped.code, file.code, piped.stderr);
        const strip = (r: CliResult) =>
          comparable(r).map((rec) => {
            const { compression: _c, ...rest } = rec as Record<string, unknown>;
            return rest;
          });
        assert.deepEqual(strip(piped), strip(file));
        assert.match(piped.stderr, /standard input read as JSON Lines/);
      }
      // One pretty-printed document stays one JSON document.
      const pretty = JSON.stringify(validDocument(2, rng(6)), null, 2);
      const one = await runCli(['--format', 'ndjson', '-'], { cwd, stdin: pretty });
      const records = one.records.filter((r) => r.type === 'file');
      assert.deepEqual(
        records.map((r) => [r.format, r.status]),
        [['json', 'valid']],
      );
      assert.doesNotMatch(one.stderr, /JSON Lines/);
    },
  );

  it('gzip on stdin: the records of the .jsonl.gz file', TIMEOUT, async () => {
    const gz = gzipSync(text);
    writeFileSync(join(cwd, 'dump.jsonl.gz'), gz);
    const file = await runCli(['--format', 'ndjson', 'dump.jsonl.gz'], { cwd });
    const piped = await runCli([...STDIN, '-'], { cwd, stdin: gz });
    assert.equal(piped.code, file.code, piped.stderr);
    assert.deepEqual(comparable(piped), comparable(file));
  });

  it('records are written while standard input is still open', TIMEOUT, async () => {
    const lines = text.split('\n').slice(0, 40).join('\n');
    const r = await runFed([...STDIN, '-'], cwd, async (child, stdout) => {
      child.stdin!.write(`${lines}\n`);
      // Fails (times out) if nothing is written before the input ends.
      await until(() => stdout().includes('"type":"file"'), 'the first record while stdin is open');
      child.stdin!.end(`${JSON.stringify(validDocument(1, rng(1)))}\n`);
    });
    assert.equal(r.killed, false);
    const files = r.records.filter((rec) => rec.type === 'file');
    assert.equal(files.length, lines.split('\n').filter((l) => l.trim() !== '').length + 1);
    assert.equal(r.records.at(-1)!.type, 'summary');
  });

  it('SIGINT while standard input is open: exit 130 with the summary', TIMEOUT, async () => {
    const r = await runFed([...STDIN, '-'], cwd, async (child, stdout) => {
      child.stdin!.write(`${text.split('\n').slice(0, 20).join('\n')}\n`);
      await until(() => stdout().includes('"type":"file"'), 'the first record');
      child.kill('SIGINT');
    });
    assert.equal(r.killed, false, 'the run did not end after SIGINT');
    assert.equal(r.code, 130, r.stderr);
    const summary = r.records.at(-1)!;
    assert.equal(summary.type, 'summary');
    assert.equal(summary.aborted, true);
    assert.ok((summary.documents as number) > 0);
  });

  it(
    '`cat dump | cli | head -2`: the run ends quietly while its records are still coming',
    TIMEOUT,
    async () => {
      // Large enough to be read over threads and still be coming when the reader leaves.
      const big = join(cwd, 'big.jsonl');
      writeFileSync(big, `${dump(12_000, 5)}\n`.repeat(3));
      const result = await runCliIntoHead(`${STDIN.join(' ')} -`, 2, { cwd, catInto: big });
      assert.equal(result.stdout.trim().split('\n').length, 2);
      assert.ok(result.status === 0 || result.status === 1, result.stderr);
      assert.doesNotMatch(result.stderr, /EPIPE|Error|at .*:\d+:\d+/, 'no error output');
    },
  );

  it(
    'a worker dying mid-stream: the records before, an error record, then the next input',
    TIMEOUT,
    async () => {
      const crashing = dump(3000, 11, 2200);
      writeFileSync(join(cwd, 'z-after.json'), JSON.stringify(validDocument(1, rng(1))));
      const r = await runCli(
        [...STDIN, '--max-file-size', '20000', '--concurrency', '2', '-', 'z-after.json'],
        {
          cwd,
          stdin: crashing,
          env: { MCPDESC_VALIDATE_TEST_WORKER: FAULTY_WORKER },
        },
      );
      const files = r.records.filter((rec) => rec.type === 'file');
      const piped = files.filter((rec) => rec.file === '<stdin>');
      const failure = piped.at(-1)!;
      const checked = piped.slice(0, -1);
      // The batches before the one holding line 2201 were checked: their lines as the file gives them.
      const reference = (await fileRun('dump.jsonl')).records.filter((rec) => rec.type === 'file');
      assert.ok(checked.length > 100, `${checked.length} records`);
      assert.ok((checked.at(-1)!.line as number) < 2201);
      const shape = (recs: typeof files) =>
        recs.map((rec) => [rec.line, rec.status, rec.errors, rec.warnings]);
      assert.deepEqual(shape(checked), shape(reference.slice(0, checked.length)));
      assert.equal(failure.status, 'error');
      assert.equal(failure.line, (checked.at(-1)!.line as number) + 1);
      assert.match((failure.error as { message: string }).message, /worker failed while checking this file/);
      assert.equal(files.at(-1)?.file, 'z-after.json');
      assert.equal(files.at(-1)?.status, 'valid');
      const summary = r.records.at(-1)!;
      assert.equal((summary.files as Record<string, number>).error, 1);
      assert.equal((summary.files as Record<string, number>).total, 2);
      assert.equal(r.code, 2, r.stderr);
    },
  );
});
