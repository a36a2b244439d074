// A large plain JSON Lines file is cut into byte ranges checked over the pool (src/pool/line-ranges.ts).
// With a tiny range size (test hook MCPDESC_VALIDATE_TEST_JSONL_RANGE_BYTES) a generated file is cut at
// hundreds of places, and the NDJSON report of `--concurrency 2` must equal that of `--concurrency 0`
// (the single-path reader) record for record: same lines, same diagnostics with the same line numbers,
// same order, same summary and exit code. Only timings and the run record's own fields may differ.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { SINK_BATCH } from '../../src/worker/json-lines.js';
import { type CliResult, FAULTY_WORKER, runCli, runCliIntoHead } from '../helpers/run-cli.js';
import { rng, validDocument } from '../helpers/small-corpus.js';
import { TempDir } from '../unit/worker/helpers.js';

const RANGE = 997;
const TIMEOUT = { timeout: 120_000 };

/** Records without what legitimately differs between two runs (timings, the run record's argv...). */
function comparable(r: CliResult): unknown[] {
  return r.records
    .filter((rec) => rec.type !== 'run')
    .map((rec) => {
      const { durationMs: _d, wallMs: _w, throughput: _t, peakRssBytes: _p, ...rest } = rec;
      return rest;
    });
}

function buildFile(): { text: string; boundaryLine: number; longLine: number } {
  const random = rng(7);
  const lines: string[] = [];
  let offset = 0;
  let boundaryLine = -1;
  let longLine = -1;
  const push = (line: string, eol = '\n') => {
    lines.push(line + eol);
    offset += Buffer.byteLength(line + eol);
  };
  for (let n = 0; n < 3000; n++) {
    const pick = random();
    if (n === 1500) {
      // Pad so that the next line starts exactly on a range boundary.
      const pad = (RANGE - ((offset + 1) % RANGE)) % RANGE;
      push(' '.repeat(pad));
      assert.equal(offset % RANGE, 0);
      boundaryLine = lines.length + 1;
      push(JSON.stringify({ mcpdesc: '0.7.0', info: { name: 'at-boundary' } }));
      continue;
    }
    if (n === 2000) {
      // One document ~12 ranges long.
      const doc = validDocument(n, random) as { tools: unknown[] };
      while (JSON.stringify(doc).length < RANGE * 12) doc.tools.push({ name: `t${doc.tools.length}` });
      longLine = lines.length + 1;
      push(JSON.stringify(doc));
      continue;
    }
    if (n === 2500) {
      // Over --max-file-size (per line): a skipped record.
      push(JSON.stringify({ mcpdesc: '0.7.0', pad: 'x'.repeat(30_000) }));
      continue;
    }
    if (pick < 0.06) push('');
    else if (pick < 0.09) push('   \t ');
    else if (pick < 0.11) push('{"mcpdesc": "0.7.0", "info": {');
    else if (pick < 0.2) push(JSON.stringify(validDocument(n, random)), '\r\n');
    else if (pick < 0.3) push(JSON.stringify({ mcpdesc: '0.7.0', tools: [{ name: 'bad name!' }] }));
    else if (pick < 0.32) push(`\uFEFF${JSON.stringify(validDocument(n, random))}`);
    else push(JSON.stringify(validDocument(n, random)));
  }
  // No final newline: the last line ends at the end of the file.
  lines.push(JSON.stringify(validDocument(9999, random)));
  return { text: lines.join(''), boundaryLine, longLine };
}

describe('a large JSON Lines file over the pool (byte ranges)', () => {
  const tmp = new TempDir();
  const cwd = tmp.path;
  let built: ReturnType<typeof buildFile>;
  before(() => {
    built = buildFile();
    writeFileSync(join(cwd, 'dump.jsonl'), built.text);
    writeFileSync(join(cwd, 'blank.ndjson'), '\n  \r\n\t\n'.repeat(1000));
  });
  after(() => tmp.remove());

  const env = { MCPDESC_VALIDATE_TEST_JSONL_RANGE_BYTES: String(RANGE) };
  const run = (concurrency: string, ...files: string[]) =>
    runCli(['--format', 'ndjson', '--concurrency', concurrency, '--max-file-size', '20000', ...files], {
      cwd,
      env,
    });
  // The reference: the plain single-worker reader, which a `--cache` run keeps (it hashes each file
  // whole where it reads it); a new cache directory each time, so nothing is replayed.
  let caches = 0;
  const single = (extra: string[], ...files: string[]) =>
    runCli(
      [
        '--format',
        'ndjson',
        '--concurrency',
        '0',
        '--cache',
        '--cache-location',
        join(cwd, `.cache-${caches++}`),
        ...extra,
        ...files,
      ],
      { cwd, env },
    );
  // The reference report of dump.jsonl, which two tests compare with: one run serves both.
  let reference: Promise<CliResult> | undefined;
  const singleDump = () => {
    reference ??= single(['--max-file-size', '20000'], 'dump.jsonl');
    return reference;
  };

  it('--concurrency 2 reports exactly what the single-worker path reports', TIMEOUT, async () => {
    const [split, whole, inProcess] = [
      await run('2', 'dump.jsonl'),
      await singleDump(),
      await run('0', 'dump.jsonl'),
    ];
    // In-process, the same ranges one at a time: the same records again.
    assert.deepEqual(comparable(inProcess), comparable(whole));
    assert.equal(split.code, whole.code, split.stderr);
    assert.equal(split.code, 1, split.stderr);
    // Two threads for one file: only a file split into ranges counts as more than one task.
    assert.equal(split.records[0]!.concurrency, 2);
    const files = whole.records.filter((r) => r.type === 'file');
    assert.ok(files.length > 2500, `${files.length} document records`);
    const line = (n: number) => files.find((r) => r.line === n);
    assert.equal(line(built.boundaryLine)?.status, 'invalid');
    assert.equal(line(built.longLine)?.status, 'valid');
    assert.ok(files.some((r) => r.status === 'skipped'));
    assert.ok(whole.records.some((r) => r.type === 'diagnostic' && (r.line as number) > 1000));
    assert.deepEqual(comparable(split), comparable(whole));
  });

  it('a file of blank lines only: the one syntax record either way', TIMEOUT, async () => {
    const [split, whole] = [
      await run('2', 'blank.ndjson'),
      await single(['--max-file-size', '20000'], 'blank.ndjson'),
    ];
    assert.equal(split.records[0]!.concurrency, 2);
    assert.deepEqual(comparable(split), comparable(whole));
    assert.equal(whole.records.filter((r) => r.type === 'file').length, 1);
  });

  it(
    'a large gzip file: its records come over a port, the same as the plain file read whole',
    TIMEOUT,
    async () => {
      writeFileSync(join(cwd, 'dump.jsonl.gz'), gzipSync(built.text));
      // No --max-file-size here: for gzip it bounds the decompressed total (a bomb guard), not a line.
      const whole = (concurrency: string, file: string) =>
        runCli(['--format', 'ndjson', '--concurrency', concurrency, file], { cwd, env });
      const [ported, plain] = [await whole('2', 'dump.jsonl.gz'), await single([], 'dump.jsonl')];
      // Same records but for the file's name and its compression.
      const same = (r: CliResult) =>
        comparable(r).map((rec) => {
          const { file: _f, compression: _c, ...rest } = rec as Record<string, unknown>;
          return rest;
        });
      assert.equal(ported.code, plain.code, ported.stderr);
      assert.deepEqual(same(ported), same(plain));
      assert.ok(ported.records.filter((r) => r.type === 'file').every((r) => r.compression === 'gzip'));
    },
  );

  it(
    'a worker dying on a later range: the lines before it, an error record, then the other files',
    TIMEOUT,
    async () => {
      writeFileSync(join(cwd, 'crash-dump.jsonl'), built.text);
      writeFileSync(join(cwd, 'z-after.json'), JSON.stringify(validDocument(1, rng(1))));
      const r = await runCli(
        ['--format', 'ndjson', '--concurrency', '2', 'crash-dump.jsonl', 'z-after.json'],
        {
          cwd,
          env: { ...env, MCPDESC_VALIDATE_TEST_WORKER: FAULTY_WORKER },
        },
      );
      const files = r.records.filter((rec) => rec.type === 'file');
      const dump = files.filter((rec) => rec.file === 'crash-dump.jsonl');
      const failure = dump.at(-1)!;
      // The ranges before byte 4,000 were checked: their lines, as the single-worker path reports the
      // same lines of the same text, then the failure.
      const reference = (await singleDump()).records.filter((rec) => rec.type === 'file');
      const checked = dump.slice(0, -1);
      assert.ok(checked.length > 3, `${checked.length} records`);
      const shape = (recs: typeof files) =>
        recs.map((rec) => [rec.line, rec.status, rec.errors, rec.warnings]);
      assert.deepEqual(shape(checked), shape(reference.slice(0, checked.length)));
      assert.equal(failure.status, 'error');
      assert.equal(failure.line, (dump.at(-2)!.line as number) + 1);
      assert.match((failure.error as { message: string }).message, /worker failed while checking this file/);
      assert.deepEqual(files.at(-1)?.file, 'z-after.json');
      assert.equal(files.at(-1)?.status, 'valid');
      const summary = r.records.at(-1)!;
      assert.equal(summary.type, 'summary');
      assert.deepEqual((summary.files as Record<string, number>).error, 1);
      assert.equal((summary.files as Record<string, number>).total, 2);
      assert.equal(r.code, 2, r.stderr);
    },
  );

  // A --cache run must not read a JSON Lines file whole in one worker (a 1 GB dump's records would all
  // be held until its end). Files over --stream-threshold, which the cache never keeps, are split as in
  // any run: the fault-injecting worker dies on a later range only on that path (read whole, the file
  // would be one error record).
  it(
    '--cache: a file over --stream-threshold is split into ranges; one under it is read whole and replayed',
    TIMEOUT,
    async () => {
      writeFileSync(join(cwd, 'crash-big.jsonl'), built.text);
      const small = built.text.split('\n').slice(0, 40).join('\n');
      writeFileSync(join(cwd, 'small.jsonl'), small);
      const store = join(cwd, `.cache-${caches++}`);
      const args = (...files: string[]) => [
        '--format',
        'ndjson',
        '--concurrency',
        '2',
        '--cache',
        '--cache-location',
        store,
        '--stream-threshold',
        String(Buffer.byteLength(small) + 1),
        ...files,
      ];
      const r = await runCli(args('crash-big.jsonl'), {
        cwd,
        env: { ...env, MCPDESC_VALIDATE_TEST_WORKER: FAULTY_WORKER },
      });
      const dump = r.records.filter((rec) => rec.type === 'file');
      assert.ok(dump.length > 3, `${dump.length} records: the ranges before the failing one`);
      assert.equal(dump.at(-1)!.status, 'error');
      assert.equal(dump.at(-1)!.line, (dump.at(-2)!.line as number) + 1);
      assert.equal(r.code, 2, r.stderr);
      // Under the threshold: cached by the first run, replayed by the second.
      const first = await runCli(args('small.jsonl'), { cwd, env });
      const again = await runCli(args('small.jsonl'), { cwd, env });
      const files = (x: CliResult) => x.records.filter((rec) => rec.type === 'file');
      assert.ok(files(first).length > 10);
      assert.ok(files(first).every((rec) => rec.cached === undefined));
      assert.ok(files(again).every((rec) => rec.cached === true));
      assert.deepEqual(
        files(again).map((rec) => [rec.line, rec.status]),
        files(first).map((rec) => [rec.line, rec.status]),
      );
    },
  );

  it(
    'a worker dying while it sends the records of a gzip file: two batches, an error record, the next file',
    TIMEOUT,
    async () => {
      writeFileSync(join(cwd, 'crash-dump.jsonl.gz'), gzipSync(built.text));
      writeFileSync(join(cwd, 'z-after.json'), JSON.stringify(validDocument(1, rng(1))));
      const r = await runCli(
        ['--format', 'ndjson', '--concurrency', '2', 'crash-dump.jsonl.gz', 'z-after.json'],
        {
          cwd,
          env: { ...env, MCPDESC_VALIDATE_TEST_WORKER: FAULTY_WORKER },
        },
      );
      const files = r.records.filter((rec) => rec.type === 'file');
      const dump = files.filter((rec) => rec.file === 'crash-dump.jsonl.gz');
      assert.equal(dump.length, 2 * SINK_BATCH + 1, `${dump.length} records`);
      const failure = dump.at(-1)!;
      assert.equal(failure.status, 'error');
      assert.equal(failure.line, (dump.at(-2)!.line as number) + 1);
      assert.match((failure.error as { message: string }).message, /worker failed while checking this file/);
      assert.equal(files.at(-1)?.file, 'z-after.json');
      assert.equal(files.at(-1)?.status, 'valid');
      assert.equal(r.code, 2, r.stderr);
    },
  );

  it(
    'one thread, a fanned-out dump then a gzip file over a port: both checked (no worker held while the dump waits)',
    TIMEOUT,
    async () => {
      // The dump's slices are queued while it runs; a port task started before its turn would take the
      // only worker, send two batches and wait for them to be taken, which the dump ahead of it never
      // lets happen: the run would hang.
      const tools = Array.from({ length: 25_000 }, (_, i) => ({
        name: `t${i}`,
        description: 'd'.repeat(50),
        inputSchema: { type: 'object', properties: { a: { type: 'string' } } },
      }));
      writeFileSync(join(cwd, 'a-dump.json'), JSON.stringify({ ...validDocument(1, rng(3)), tools }));
      writeFileSync(join(cwd, 'b-lines.jsonl.gz'), gzipSync(built.text));
      let timer: NodeJS.Timeout | undefined;
      const r = await runCli(
        [
          '--format',
          'ndjson',
          '--concurrency',
          '1',
          '--stream-threshold',
          '1000',
          'a-dump.json',
          'b-lines.jsonl.gz',
        ],
        {
          cwd,
          env,
          onStdout: (_chunk, child) => {
            timer ??= setTimeout(() => child.kill('SIGKILL'), 60_000);
          },
        },
      );
      clearTimeout(timer);
      assert.equal(r.signal, null, 'the run was killed after 60 s: it hung');
      const summary = r.records.at(-1)!;
      assert.equal(summary.type, 'summary');
      assert.equal((summary.files as Record<string, number>).total, 2);
      assert.equal((summary.files as Record<string, number>).error, 0);
      assert.ok((summary.documents as number) > 2 * SINK_BATCH + 1);
    },
  );

  for (const file of ['dump.jsonl', 'dump.jsonl.gz']) {
    it(
      `${file} read by \`| head -2\`: the run ends quietly while its records are still coming`,
      TIMEOUT,
      async () => {
        writeFileSync(join(cwd, 'dump.jsonl.gz'), gzipSync(built.text));
        const result = await runCliIntoHead(`-f ndjson ${file}`, 2, { cwd, env });
        assert.equal(result.stdout.trim().split('\n').length, 2);
        // 0 or 1 by what was checked before the reader left; never a crash (an unhandled rejection exits 1
        // too, hence the check of stderr below) nor an interruption (130).
        assert.ok(result.status === 0 || result.status === 1, result.stderr);
        assert.doesNotMatch(result.stderr, /EPIPE|Error|at .*:\d+:\d+/, 'no error output');
      },
    );
  }
});
