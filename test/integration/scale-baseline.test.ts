// With a baseline, only a newly added defect fails the run; --strict-baseline
// fails when baselined findings disappeared; `compare` lists what changed between two nights.
// Through the CLI: --baseline, --write-baseline, --strict-baseline and the `compare` subcommand.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runMainAsCli } from '../helpers/run-main.js';
import {
  type CliRun,
  type CorpusFile,
  cli,
  type Rec,
  tempDir,
  validDocument,
  writeCorpus,
} from './scale-support.js';

const diagnostics = (run: CliRun) => run.records.filter((r) => r.type === 'diagnostic');
const unsuppressed = (run: CliRun) => diagnostics(run).filter((d) => d.suppressed !== true);

/**
 * main() in-process as a CI job runs the CLI, for verdicts, messages and records. A spawned CLI (`cli`)
 * is kept for one case of each exit code.
 */
async function inProcess(args: string[], cwd: string): Promise<CliRun> {
  const started = performance.now();
  const { code, stdout, stderr, records } = await runMainAsCli(args, { cwd, env: { CI: '1' } });
  return { code, stdout, stderr, records, ms: performance.now() - started };
}

describe('--baseline', () => {
  const tmp = tempDir('baseline');
  const baseline = () => join(tmp.path, 'baseline.ndjson');
  let corpus: CorpusFile[];
  let first: CliRun;
  /** The unchanged corpus against its own baseline (two tests read it). */
  let baselined: CliRun;

  before(async () => {
    corpus = writeCorpus(tmp.path, 40);
    first = await cli(['--format', 'ndjson', '--write-baseline', baseline(), 'reg'], tmp.path);
    baselined = await cli(['--format', 'ndjson', '--baseline', baseline(), 'reg'], tmp.path);
  });
  after(() => tmp.remove());

  it('--write-baseline records the findings of the run (which still fails on them)', () => {
    assert.equal(first.code, 1, first.stderr);
    const lines = readFileSync(baseline(), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Rec);
    assert.equal(lines[0]!.type, 'baseline');
    const recorded = lines.slice(1).reduce((n, e) => n + (e.count as number), 0);
    assert.equal(recorded, diagnostics(first).length);
    const defective = new Set(corpus.filter((c) => c.defect !== null).map((c) => c.file));
    assert.deepEqual(new Set(lines.slice(1).map((e) => e.file)), defective);
  });

  // Refused up front: failing after the whole run would contradict a summary already written.
  it('--write-baseline to a directory is refused before the run: exit 2, nothing on stdout', async () => {
    const run = await cli(['--format', 'ndjson', '--write-baseline', 'reg', 'reg'], tmp.path);
    assert.equal(run.code, 2);
    assert.equal(run.records.length, 0);
    assert.match(run.stderr, /cannot write the baseline reg: EISDIR/);
  });

  it('with the baseline, the same corpus passes and every finding is marked suppressed', () => {
    const run = baselined;
    assert.equal(run.code, 0, run.stderr);
    assert.equal(
      diagnostics(run).length,
      diagnostics(first).length,
      'suppressed findings are still reported',
    );
    assert.deepEqual(unsuppressed(run), []);
  });

  // The summary said counts.error N and exitCode 0 with nothing saying why: a consumer reading only
  // the last record (`tail -n1 | jq`) could not tell a baselined run from a wrong exit code.
  it('the summary counts the suppressed findings by severity (and has no such field without --baseline)', () => {
    const summary = baselined.records.at(-1)!;
    assert.equal(summary.type, 'summary');
    assert.deepEqual(summary.suppressed, summary.counts);
    assert.equal(first.records.at(-1)!.suppressed, undefined);
  });

  it('only a newly added defect fails the run', async () => {
    const victim = corpus.find((c) => c.defect === null && c.file.endsWith('.json'))!;
    const path = join(tmp.path, victim.file);
    const original = readFileSync(path, 'utf8');
    writeFileSync(path, '[]');
    try {
      const run = await inProcess(['--format', 'ndjson', '--baseline', baseline(), 'reg'], tmp.path);
      assert.equal(run.code, 1);
      const fresh = unsuppressed(run);
      assert.ok(fresh.length >= 1);
      assert.ok(
        fresh.every((d) => d.file === victim.file),
        JSON.stringify(fresh),
      );
    } finally {
      writeFileSync(path, original);
    }
  });

  it('--strict-baseline fails when a baselined finding disappeared; without it the run passes', async () => {
    const fixed = corpus.find((c) => c.defect === 'root-array')!;
    const path = join(tmp.path, fixed.file);
    const original = readFileSync(path, 'utf8');
    writeFileSync(path, JSON.stringify(validDocument('fixed', 2)));
    try {
      const lenient = await inProcess(['--format', 'ndjson', '--baseline', baseline(), 'reg'], tmp.path);
      assert.equal(lenient.code, 0, lenient.stderr);
      const strict = await inProcess(
        ['--format', 'ndjson', '--baseline', baseline(), '--strict-baseline', 'reg'],
        tmp.path,
      );
      assert.equal(strict.code, 1);
      assert.match(strict.stderr, new RegExp(fixed.file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      // The summary alone explains the exit 1: no finding fails it, the stale entries do.
      const summary = strict.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
        .at(-1);
      assert.equal(summary.staleBaseline > 0, true, JSON.stringify(summary));
      assert.match(strict.stderr, /baseline entr(y|ies) gone \(--strict-baseline\)/);
      const lenientSummary = lenient.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
        .at(-1);
      assert.equal('staleBaseline' in lenientSummary, false, 'only --strict-baseline judges staleness');
    } finally {
      writeFileSync(path, original);
    }
  });

  it('a previous NDJSON report works as a baseline', async () => {
    const report = join(tmp.path, 'last-night.ndjson');
    writeFileSync(report, first.stdout);
    const run = await inProcess(['--format', 'ndjson', '--baseline', report, 'reg'], tmp.path);
    assert.equal(run.code, 0, run.stderr);
  });

  it('text and stylish leave out what the baseline covers and say how many; --show-suppressed lists them', async () => {
    const total = diagnostics(first).length;
    for (const format of ['text', 'stylish']) {
      const run = await inProcess(['--format', format, '--baseline', baseline(), 'reg'], tmp.path);
      assert.equal(run.code, 0, run.stderr);
      assert.ok(!run.stdout.includes('(in baseline)'), format);
      assert.ok(
        run.stdout.includes(`  ${total} findings in the baseline not listed (--show-suppressed lists them)`),
      );
      const quiet = await inProcess(['--format', format, '-q', '--baseline', baseline(), 'reg'], tmp.path);
      assert.ok(!quiet.stdout.includes('(in baseline)'), `${format} -q`);
      assert.match(quiet.stdout, /findings? in the baseline not listed/);
      const shown = await inProcess(
        ['--format', format, '--baseline', baseline(), '--show-suppressed', 'reg'],
        tmp.path,
      );
      const marked = shown.stdout.split('\n').filter((l) => l.includes('(in baseline)'));
      assert.equal(marked.length, total, format);
      assert.ok(!shown.stdout.includes('not listed'));
    }
  });

  it('--strict-baseline without --baseline is a usage error', async () => {
    const run = await inProcess(['--format', 'ndjson', '--strict-baseline', 'reg'], tmp.path);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /--strict-baseline/);
  });

  it('a missing or malformed baseline is exit 2 naming the file', async () => {
    const missing = await inProcess(
      ['--format', 'ndjson', '--baseline', 'no-such-baseline.ndjson', 'reg'],
      tmp.path,
    );
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /no-such-baseline\.ndjson/);
    const bad = join(tmp.path, 'bad-baseline.ndjson');
    writeFileSync(bad, '{"type":"baseline","schemaVersion":1}\n{oops\n');
    const malformed = await inProcess(['--format', 'ndjson', '--baseline', bad, 'reg'], tmp.path);
    assert.equal(malformed.code, 2);
    assert.match(malformed.stderr, /bad-baseline\.ndjson/);
  });

  it('a baseline cut at a line boundary is exit 2, not half a baseline', async () => {
    const lines = readFileSync(baseline(), 'utf8')
      .split('\n')
      .filter((l) => l !== '');
    assert.ok(lines.length > 4);
    const cut = join(tmp.path, 'cut-baseline.ndjson');
    writeFileSync(cut, `${lines.slice(0, Math.ceil(lines.length / 2)).join('\n')}\n`);
    const run = await inProcess(['--format', 'ndjson', '--baseline', cut, 'reg'], tmp.path);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /cut-baseline\.ndjson holds \d+ entries .* where its header says/);
    assert.equal(run.stdout, '');
  });

  it('`compare` lists the new defect between two nights', async () => {
    const night1 = join(tmp.path, 'night1.ndjson');
    const night2 = join(tmp.path, 'night2.ndjson');
    writeFileSync(night1, first.stdout);
    const victim = corpus.filter((c) => c.defect === null && c.file.endsWith('.json'))[1]!;
    writeFileSync(join(tmp.path, victim.file), '[]');
    const second = await inProcess(['--format', 'ndjson', 'reg'], tmp.path);
    writeFileSync(night2, second.stdout);
    const compared = await inProcess(['compare', night1, night2], tmp.path);
    assert.equal(compared.code, 1, compared.stderr);
    const news = compared.records.filter((r) => r.type === 'finding' && r.change === 'new');
    assert.ok(news.length >= 1 && news.every((r) => r.file === victim.file));
    assert.equal(compared.records.at(-1)!.type, 'comparison');
    assert.ok(existsSync(night2));
  });
});
