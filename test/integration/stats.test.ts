// `--stats`: which records carry timings and what the summary's stats hold (docs/cli.md "--stats"),
// over the real CLI, on every input path (whole JSON, YAML, gzip, JSON Lines whole and cut into ranges,
// streamed, fanned out, standard input), in-process and on threads. Runs on threads and from standard input
// spawn the CLI; the others run main() in-process, which writes the same records. No assertion is about the size of a
// duration: only their presence, their shape, that they are not negative, and that the sums agree.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { RULES } from '../../src/validation/rules/index.js';
import { type CliResult, runCli, tempDir } from '../helpers/run-cli.js';
import { runMainAsCli } from '../helpers/run-main.js';

const VALID = (name: string) =>
  JSON.stringify({
    mcpdesc: '0.7.0',
    info: { name, version: '1' },
    transports: [{ type: 'stdio', command: 'x' }],
    tools: [
      { name: `${name}_a`, inputSchema: { type: 'object' } },
      { name: `${name}_b`, inputSchema: { type: 'object' } },
    ],
  });
// One error (a tag that is not a string) and two warnings (an empty name, no inputSchema).
const MIXED =
  '{"mcpdesc":"0.7.0","info":{"name":"a","version":"1"},"transports":[{"type":"stdio","command":"x"}],' +
  '"tools":[{"name":""},{"name":"ok","inputSchema":{"type":"object"},"tags":[1]}]}';
/** A rule every 0.7.0 document runs, switched off in some runs below. */
const OFF = 'mcpdesc.tool.name-format';
const PHASES = ['readMs', 'parseMs', 'validateMs', 'locateMs'];

function writeCorpus(dir: string): void {
  const put = (rel: string, text: string | Buffer) => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  put('reg/a/valid.json', `${VALID('v')}\n`);
  put('reg/a/mixed.json', `${MIXED}\n`);
  put('reg/a/broken.json', '{"mcpdesc": "0.7.0", "info": {"name": "x",\n  "version" 1}\n');
  put(
    'reg/b/server.yaml',
    'mcpdesc: 0.7.0\ninfo:\n  name: y\n  version: "1"\ntransports:\n  - type: stdio\n    command: y\ntools:\n  - name: y tool\n',
  );
  put('reg/b/packed.json.gz', gzipSync(`${MIXED}\n`));
  // Long enough to be cut into many ranges under the test hook (threads only).
  const lines = Array.from({ length: 40 }, (_, i) => (i % 7 === 3 ? MIXED : VALID(`l${i}`)));
  put('reg/c/dump.jsonl', `${lines.join('\n')}\n`);
  // Over the --stream-threshold used below: streamed in-process, fanned out with threads.
  const tools = Array.from({ length: 300 }, (_, i) => ({
    name: i % 50 === 7 ? 'dup' : `t${i}`,
    inputSchema: { type: 'object' },
  }));
  put(
    'reg/d/big.json',
    JSON.stringify({
      mcpdesc: '0.7.0',
      info: { name: 'big', version: '1' },
      transports: [{ type: 'stdio', command: 'x' }],
      tools,
    }),
  );
}

const fileRecords = (r: CliResult) => r.records.filter((x) => x.type === 'file');
const summaryOf = (r: CliResult) =>
  r.records.at(-1)! as Record<string, unknown> & {
    stats?: { phases: Record<string, number>; rules: Record<string, { ms: number; calls: number }> };
  };

/** The rules a run of 0.7.0 documents has in force: the catalogue's, minus those off at 0.7.0 or set off. */
function rulesInForce(off: readonly string[]): string[] {
  return RULES.filter((r) => r.levels['0.7.0'] !== 'off' && !off.includes(r.id))
    .map((r) => r.id)
    .sort();
}

function assertTimings(record: Record<string, unknown>): void {
  const timings = record.timings as Record<string, unknown> | undefined;
  assert.ok(timings, `${String(record.file)}:${String(record.line ?? '')} has no timings`);
  assert.deepEqual(Object.keys(timings).sort(), [...PHASES].sort());
  for (const phase of PHASES) {
    const value = timings[phase];
    assert.ok(typeof value === 'number' && Number.isFinite(value) && value >= 0, `${phase}: ${value}`);
  }
}

/** The summary's phases are the file records' summed (each record rounded to the µs). */
function assertPhaseSums(run: CliResult): void {
  const files = fileRecords(run);
  const stats = summaryOf(run).stats!;
  for (const phase of PHASES) {
    const sum = files.reduce(
      (n, f) => n + ((f.timings as Record<string, number> | undefined)?.[phase] ?? 0),
      0,
    );
    assert.ok(
      Math.abs(sum - stats.phases[phase]!) <= 0.001 * (files.length + 1),
      `${phase}: summary ${stats.phases[phase]} vs records ${sum}`,
    );
  }
}

/** Drop what differs between two runs anyway, and what --stats adds. */
function normalise(stdout: string): string {
  return stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      const r = JSON.parse(l) as Record<string, unknown>;
      delete r.timings;
      delete r.stats;
      if ('durationMs' in r) r.durationMs = 0;
      if (r.type === 'run') {
        r.startedAt = '';
        r.argv = [];
        delete (r.options as Record<string, unknown>).stats;
      }
      if (r.type === 'summary') {
        r.wallMs = 0;
        r.throughput = {};
        r.peakRssBytes = 0;
      }
      return JSON.stringify(r);
    })
    .join('\n');
}

describe('--stats', () => {
  const tmp = tempDir('stats');
  const cwd = tmp.path;
  before(() => writeCorpus(cwd));
  after(() => tmp.remove());

  for (const concurrency of ['0', '2']) {
    describe(`--concurrency ${concurrency}`, () => {
      const args = ['-f', 'ndjson', '--concurrency', concurrency, '--stream-threshold', '4KiB', 'reg'];
      // Threads: the JSON Lines file is cut into 500-byte ranges, the big JSON file fanned out.
      const env = { MCPDESC_VALIDATE_TEST_JSONL_RANGE_BYTES: '500' };
      let withStats: CliResult;
      let without: CliResult;
      let ruleOff: CliResult;
      before(async () => {
        // In-process runs go one after another, each a whole run of main() in this thread: the run with
        // a rule off comes after one that timed that rule, and must not list it.
        const inProcess = concurrency === '0';
        const run = (a: string[]) => (inProcess ? runMainAsCli : runCli)(a, { cwd, env });
        const offArgs = [...args, '--stats', '--rule', `${OFF}=off`];
        if (inProcess) {
          withStats = await run([...args, '--stats']);
          without = await run(args);
          ruleOff = await run(offArgs);
        } else {
          [withStats, without, ruleOff] = await Promise.all([
            run([...args, '--stats']),
            run(args),
            run(offArgs),
          ]);
        }
      });

      it('gives every file record non-negative timings of the four phases, and says so in the run record', () => {
        assert.equal(withStats.code, 1, withStats.stderr);
        const files = fileRecords(withStats);
        assert.ok(files.length >= 46, `${files.length} records`);
        assert.ok(files.some((f) => f.streamed === true));
        assert.ok(files.some((f) => f.format === 'yaml'));
        assert.ok(files.some((f) => f.compression === 'gzip'));
        for (const f of files) assertTimings(f);
        assert.equal((withStats.records[0]!.options as Record<string, unknown>).stats, true);
      });

      it("sums the records' phases into the summary", () => {
        assertPhaseSums(withStats);
        assertPhaseSums(ruleOff);
      });

      it('times exactly the rules that ran: a rule set off is absent', () => {
        const rules = summaryOf(withStats).stats!.rules;
        assert.deepEqual(Object.keys(rules), rulesInForce([]));
        for (const [id, t] of Object.entries(rules)) {
          assert.ok(t.ms >= 0 && Number.isInteger(t.calls) && t.calls >= 0, id);
        }
        // The tool rules were called for every tool of every document that parsed.
        assert.ok(rules['mcpdesc.tool.members']!.calls >= 300);
        const off = summaryOf(ruleOff).stats!.rules;
        assert.deepEqual(Object.keys(off), rulesInForce([OFF]));
        assert.equal(off[OFF], undefined);
      });

      it('without it, no record has timings or stats, and the output is otherwise the same', () => {
        assert.equal(without.code, 1, without.stderr);
        for (const r of without.records) {
          assert.equal('timings' in r, false);
          assert.equal('stats' in r, false);
        }
        assert.equal('stats' in (without.records[0]!.options as object), false);
        assert.equal(normalise(without.stdout), normalise(withStats.stdout));
      });

      it('adds the phase totals and the slowest rules to the stderr closing line, only with --stats', () => {
        assert.match(withStats.stderr, /Time by phase \(summed over documents\): read [\d.]+ ms, parse/);
        const slowest = /Slowest rules: (.*)/.exec(withStats.stderr);
        assert.ok(slowest, withStats.stderr);
        assert.equal(slowest[1]!.split(', ').length, 5);
        assert.doesNotMatch(without.stderr, /Time by phase|Slowest rules/);
      });
    });
  }

  // A fanned-out document's own side runs on this thread, outside the pool, and times its rules here.
  it('a later threaded run in the same process lists only the rules it ran', async () => {
    const args = ['-f', 'ndjson', '--stats', '--concurrency', '2', '--stream-threshold', '4KiB', 'reg'];
    const first = await runMainAsCli(args, { cwd });
    assert.ok(fileRecords(first).some((f) => f.streamed === true));
    assert.ok(OFF in summaryOf(first).stats!.rules);
    const later = await runMainAsCli([...args, '--rule', `${OFF}=off`], { cwd });
    assert.deepEqual(Object.keys(summaryOf(later).stats!.rules), rulesInForce([OFF]));
  });

  // Each task times its rules into a table of its own: nothing of one run is left in the thread for another.
  it('two in-process runs at once each list their own rules, with the calls of a run alone', async () => {
    const args = ['-f', 'ndjson', '--stats', '--concurrency', '0', '--stream-threshold', '4KiB', 'reg'];
    const alone = await runMainAsCli(args, { cwd });
    const [all, off] = await Promise.all([
      runMainAsCli(args, { cwd }),
      runMainAsCli([...args, '--rule', `${OFF}=off`], { cwd }),
    ]);
    assert.deepEqual(Object.keys(summaryOf(off).stats!.rules), rulesInForce([OFF]));
    assert.deepEqual(Object.keys(summaryOf(all).stats!.rules), rulesInForce([]));
    const calls = (run: CliResult) =>
      Object.entries(summaryOf(run).stats!.rules).map(([id, slot]) => `${id} ${slot.calls}`);
    assert.deepEqual(calls(all), calls(alone));
    assert.deepEqual(
      calls(off),
      calls(alone).filter((line) => !line.startsWith(`${OFF} `)),
    );
  });

  it('whole files alone (each path reports its rule time on its own), in-process and on a thread', async () => {
    for (const concurrency of ['0', '1']) {
      const runner = concurrency === '0' ? runMainAsCli : runCli;
      const run = await runner(['-f', 'ndjson', '--stats', '--concurrency', concurrency, 'reg/a'], { cwd });
      assert.equal(run.records[0]!.concurrency, Number(concurrency));
      for (const f of fileRecords(run)) assertTimings(f);
      assert.deepEqual(
        Object.keys(summaryOf(run).stats!.rules),
        rulesInForce([]),
        `--concurrency ${concurrency}`,
      );
      assertPhaseSums(run);
    }
  });

  it('JSON Lines and a JSON document from standard input get timings too', async () => {
    const lines = `${VALID('s1')}\n${MIXED}\n`;
    const jsonl = await runCli(['-f', 'ndjson', '--stats', '--stdin-format', 'jsonl', '-'], {
      cwd,
      stdin: lines,
    });
    const json = await runCli(['-f', 'ndjson', '--stats', '-'], { cwd, stdin: VALID('s2') });
    for (const run of [jsonl, json]) {
      assert.ok(run.code === 0 || run.code === 1, run.stderr);
      assert.ok(fileRecords(run).length > 0);
      for (const f of fileRecords(run)) assertTimings(f);
      assertPhaseSums(run);
    }
  });

  it('--cache: replayed records have no timings (cached: true), and add nothing to the stats', async () => {
    const cache = join(cwd, 'cache-store');
    const args = ['-f', 'ndjson', '--stats', '--cache', '--cache-location', cache, 'reg/a', 'reg/b'];
    const cold = await runMainAsCli(args, { cwd });
    const warm = await runMainAsCli(args, { cwd });
    for (const f of fileRecords(cold)) assertTimings(f);
    const replayed = fileRecords(warm);
    assert.ok(replayed.length > 0);
    for (const f of replayed) {
      assert.equal(f.cached, true, String(f.file));
      assert.equal('timings' in f, false, String(f.file));
    }
    const stats = summaryOf(warm).stats!;
    assert.deepEqual(stats.phases, { readMs: 0, parseMs: 0, validateMs: 0, locateMs: 0 });
    assert.deepEqual(stats.rules, {});
    // A run without --stats reads the same store: --stats is not part of the cache key.
    const plain = await runMainAsCli(
      ['-f', 'ndjson', '--cache', '--cache-location', cache, 'reg/a', 'reg/b'],
      {
        cwd,
      },
    );
    assert.ok(fileRecords(plain).every((f) => f.cached === true));
  });

  describe('merge and report', () => {
    let shards: CliResult[];
    /** `merge` of the two shards. */
    let merged: CliResult;
    const shardPath = (i: number) => join(cwd, `shard-${i}.ndjson`);
    before(async () => {
      shards = [];
      for (const i of [1, 2]) {
        shards.push(
          await runMainAsCli(['-f', 'ndjson', '--stats', '--shard', `${i}/2`, 'reg/a', 'reg/b'], { cwd }),
        );
      }
      shards.forEach((run, i) => {
        writeFileSync(shardPath(i + 1), run.stdout);
      });
      merged = await runMainAsCli(['merge', shardPath(1), shardPath(2)], { cwd });
    });

    it("`merge` sums the shards' phases and each rule's time and calls", () => {
      assert.equal(merged.code, 1, merged.stderr);
      const stats = summaryOf(merged).stats!;
      const [a, b] = shards.map((s) => summaryOf(s).stats!);
      for (const phase of PHASES) {
        assert.ok(Math.abs(stats.phases[phase]! - (a!.phases[phase]! + b!.phases[phase]!)) <= 0.002, phase);
      }
      const ids = [...new Set([...Object.keys(a!.rules), ...Object.keys(b!.rules)])].sort();
      assert.deepEqual(Object.keys(stats.rules), ids);
      for (const id of ids) {
        assert.equal(stats.rules[id]!.calls, (a!.rules[id]?.calls ?? 0) + (b!.rules[id]?.calls ?? 0), id);
      }
      for (const f of fileRecords(merged)) assertTimings(f);
      assertPhaseSums(merged);
    });

    it('`merge` refuses shards of which only some ran with --stats', async () => {
      const plain = await runMainAsCli(['-f', 'ndjson', '--shard', '2/2', 'reg/a', 'reg/b'], { cwd });
      writeFileSync(join(cwd, 'plain-2.ndjson'), plain.stdout);
      const merged = await runMainAsCli(['merge', shardPath(1), join(cwd, 'plain-2.ndjson')], { cwd });
      assert.equal(merged.code, 2);
      assert.match(merged.stderr, /stats differs/);
      assert.equal(merged.stdout, '');
    });

    it('`report` passes timings and stats through: json as recorded, text as closing lines, sarif in run.properties', async () => {
      const json = await runMainAsCli(['report', shardPath(1), shardPath(2), '-f', 'json'], { cwd });
      assert.equal(json.code, 1, json.stderr);
      const rendered = JSON.parse(json.stdout) as {
        documents: Array<Record<string, unknown>>;
        summary: { stats: unknown };
      };
      assert.deepEqual(rendered.summary.stats, summaryOf(merged).stats);
      const recorded = fileRecords(merged).map((f) => f.timings);
      assert.deepEqual(
        rendered.documents.map((d) => d.timings),
        recorded,
      );
      const text = await runMainAsCli(['report', shardPath(1), shardPath(2), '-f', 'text', '--no-color'], {
        cwd,
      });
      assert.match(text.stdout, /Time by phase \(summed over documents\)/);
      assert.match(text.stdout, /Slowest rules: mcpdesc\./);
      const sarif = await runMainAsCli(['report', shardPath(1), shardPath(2), '-f', 'sarif'], { cwd });
      const log = JSON.parse(sarif.stdout) as { runs: Array<{ properties: { stats?: unknown } }> };
      assert.deepEqual(log.runs[0]!.properties.stats, summaryOf(merged).stats);
    });
  });
});
