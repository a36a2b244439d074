// `mcpdesc-validate report`: rendering a run's NDJSON later must give what the run would have written
// in that format itself. Differential, over the real CLI: `validate -f ndjson` then `report -f X`
// against `validate -f X`, for every format, whole and sharded, under several option sets; only
// what legitimately differs between two runs is normalised (timestamps, durations, the command line
// and the formats it named). Then the inputs `report` must refuse or flag.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { reporterNames } from '../../src/reporting/reporter-registry.js';
import {
  type CliResult,
  parseNdjson,
  REPO_ROOT,
  runCli,
  runCliIntoHead,
  tempDir,
} from '../helpers/run-cli.js';
import { runMainAsCli } from '../helpers/run-main.js';

const FORMATS = reporterNames();

// One error (a tag that is not a string) and two warnings (an empty name, no inputSchema).
const MIXED =
  '{"mcpdesc":"0.7.0","info":{"name":"a","version":"1"},"transports":[{"type":"stdio","command":"x"}],' +
  '"tools":[{"name":""},{"name":"ok","inputSchema":{"type":"object"},"tags":[1]}]}\n';
// A name with a space: mcpdesc.tool.name-format, made an info below; no inputSchema: a warning.
const NAME_FORMAT =
  '{"mcpdesc":"0.7.0","info":{"name":"a","version":"1"},"transports":[{"type":"stdio","command":"x"}],' +
  '"tools":[{"name":"no schema"},{"name":"also bad","inputSchema":{"type":"object"}}]}\n';
const VALID =
  '{"mcpdesc":"0.7.0","info":{"name":"v","version":"1"},"transports":[{"type":"stdio","command":"x"}],' +
  '"tools":[{"name":"t","inputSchema":{"type":"object"}}]}\n';
// Many errors in one document, so --max-diagnostics-per-file cuts some.
const MANY = `{"mcpdesc":"0.7.0","info":{"name":"m","version":"1"},"transports":[{"type":"stdio","command":"x"}],"tools":[${Array.from(
  { length: 8 },
  (_, i) => `{"name":"t${i}","inputSchema":{"type":"object"},"tags":[${i}]}`,
).join(',')}]}\n`;

function writeCorpus(dir: string): void {
  const put = (rel: string, text: string | Buffer) => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  put('reg/a/mixed.json', MIXED);
  put('reg/a/name-format.json', NAME_FORMAT);
  put('reg/a/valid.json', VALID);
  put('reg/b/many.json', MANY);
  put('reg/b/broken.json', '{"mcpdesc": "0.7.0", "info": {"name": "x",\n  "version" 1}\n');
  put('reg/b/spaced name #1.json', MIXED);
  put(
    'reg/c/dump.jsonl',
    [VALID.trim(), '{"mcpdesc": "0.7.0", broken', MIXED.trim(), NAME_FORMAT.trim()].join('\n'),
  );
  put(
    'reg/c/server.yaml',
    'mcpdesc: 0.7.0\ninfo:\n  name: y\n  version: "1"\ntransports:\n  - type: stdio\n    command: y\ntools:\n  - name: y tool\n',
  );
  put('reg/d/packed.json.gz', gzipSync(MIXED));
  for (let i = 0; i < 14; i++)
    put(`reg/e/extra-${String(i).padStart(2, '0')}.json`, i % 3 === 0 ? MIXED : VALID);
}

/** What legitimately differs between two runs (or a run and its rendering) of the same results. */
function normalise(text: string): string {
  return (
    text
      // Timing and the time of the run.
      .replace(
        /([{,]"(?:startedAt|startTimeUtc|durationMs|wallMs|peakRssBytes)":)(?:-?[0-9][0-9.eE+-]*|"[^"\\]*")/g,
        '$1"<x>"',
      )
      .replace(/([{,]"throughput":)\{[^{}]*\}/g, '$1"<x>"')
      .replace(/ time="[0-9.]+"/g, ' time="<s>"')
      .replace(/ timestamp="[^"]+"/g, ' timestamp="<t>"')
      .replace(/(Totals: [^<]* time=)[0-9.]+/g, '$1<s>')
      // The command line: `-f X` against `-f ndjson`, `--shard K/N` against none.
      .replace(/([{,]"argv":)\[[^\]]*\]/g, '$1"<argv>"')
      .replace(/([{,]"formats":)\[[^\]]*\]/g, '$1"<formats>"')
      .replace(/([{,]"commandLine":)"[^"\\]*"/g, '$1"<argv>"')
      // A merged run names its inputs.
      .replace(/,"merged":\{"inputs":\[[^\]]*\],"shards":[^{}]*\}/g, '')
  );
}

describe('mcpdesc-validate report', () => {
  const tmp = tempDir('report');
  const cwd = tmp.path;
  const cli = (args: string[]) => runCli(args, { cwd, env: { GITHUB_WORKSPACE: '' } });
  // main() in-process, for the cases that need no process of their own: what `report` refuses, its
  // verdicts and its help. The differential runs, standard input, `| head` and a missing input (named
  // as given only when the process runs where the run did) spawn the real CLI.
  const inProcess = (args: string[]) => runMainAsCli(args, { cwd, env: { GITHUB_WORKSPACE: '' } });
  const ndjsonOf = (name: string, r: CliResult) => {
    writeFileSync(join(cwd, name), r.stdout);
    return name;
  };

  before(() => writeCorpus(cwd));
  after(() => tmp.remove());

  // Each: findings of every severity (--rule … =info), a syntax error, an unreadable input (a file
  // named that does not exist: ENOENT, exit 2), JSON Lines, YAML, gzip, a name that needs escaping.
  const CONFIGS: Record<string, string[]> = {
    default: ['reg', 'reg/missing.json', '--rule', 'mcpdesc.tool.name-format=info'],
    // No unreadable input (so exit 1, not 2); the per-file limit cuts findings (byRule in the record).
    limited: [
      'reg',
      '--rule',
      'mcpdesc.tool.name-format=info',
      '--max-diagnostics-per-file',
      '2',
      '--fail-on',
      'warning',
    ],
    quiet: ['reg', '--quiet'],
    // The run's own --max-warnings (exit 1 with --fail-on never), --exit-zero and --bail are its verdict.
    maxWarnings: ['reg', '--max-warnings', '3', '--fail-on', 'never'],
    exitZero: ['reg', '--exit-zero'],
    bail: ['reg', '--bail', '2'],
  };

  // One validate run writes every format and one `report` run renders every format from its NDJSON;
  // each output is compared with its counterpart. JUnit goes to stdout: there it is written without
  // the totals a file gets in its header, as the other formats are written alike either way.
  const STDOUT_FORMAT = 'junit';
  const everyFormat = (dir: string) => {
    mkdirSync(join(cwd, dir), { recursive: true });
    return [
      '-f',
      STDOUT_FORMAT,
      ...FORMATS.filter((f) => f !== STDOUT_FORMAT).flatMap((f) => ['-f', `${f}=${dir}/${f}.out`]),
    ];
  };
  const outputsIn = (dir: string, r: CliResult) =>
    new Map(
      FORMATS.map((f) => [
        f,
        f === STDOUT_FORMAT ? r.stdout : readFileSync(join(cwd, dir, `${f}.out`), 'utf8'),
      ]),
    );
  const assertSameOutputs = (label: string, direct: [CliResult, string], rendered: [CliResult, string]) => {
    assert.equal(rendered[0].code, direct[0].code, `${label}: exit code (stderr: ${rendered[0].stderr})`);
    const want = outputsIn(direct[1], direct[0]);
    const got = outputsIn(rendered[1], rendered[0]);
    for (const format of FORMATS) {
      assert.ok(got.get(format)!.length > 0, `${label} ${format}`);
      assert.equal(normalise(got.get(format)!), normalise(want.get(format)!), `${label} ${format}`);
    }
  };

  for (const [config, flags] of Object.entries(CONFIGS)) {
    it(`${config}: validate -f ndjson, then report -f X, equals validate -f X for every format`, async () => {
      const base = [...flags, '--concurrency', '0'];
      const run = await cli([...base, ...everyFormat(`${config}/direct`)]);
      const results = `${config}/direct/ndjson.out`;
      const counts = parseNdjson(readFileSync(join(cwd, results), 'utf8')).at(-1)!.counts as Record<
        string,
        number
      >;
      if (config === 'default' || config === 'limited') {
        assert.ok(
          counts.error! > 0 && counts.warning! > 0 && counts.info! > 0,
          `every severity: ${JSON.stringify(counts)}`,
        );
      }
      const rendered = await cli(['report', results, ...everyFormat(`${config}/rendered`)]);
      assertSameOutputs(config, [run, `${config}/direct`], [rendered, `${config}/rendered`]);
    });
  }

  it('report of the --shard 1/2 and 2/2 outputs equals the unsharded run, in every format', async () => {
    const base = [...CONFIGS.default!, '--concurrency', '0'];
    const shards = await Promise.all(
      ['1/2', '2/2'].map((k, i) =>
        cli([...base, '--shard', k, '-f', 'ndjson']).then((r) => ndjsonOf(`shard-${i + 1}.ndjson`, r)),
      ),
    );
    for (const shard of shards)
      assert.ok(
        parseNdjson(readFileSync(join(cwd, shard), 'utf8')).some((r) => r.type === 'file'),
        `${shard} holds files`,
      );
    const [direct, rendered] = await Promise.all([
      cli([...base, ...everyFormat('sharded/direct')]),
      // Given in reverse order: the shards say which is which.
      cli(['report', shards[1]!, shards[0]!, ...everyFormat('sharded/rendered')]),
    ]);
    assertSameOutputs('sharded', [direct, 'sharded/direct'], [rendered, 'sharded/rendered']);
    // And the ndjson rendering is the merge, byte for byte.
    const [merged, inOrder] = await Promise.all([
      cli(['merge', ...shards]),
      cli(['report', ...shards, '-f', 'ndjson']),
    ]);
    assert.equal(inOrder.stdout, merged.stdout);
  });

  it('a single shard is rendered as that shard (SARIF keeps its category), without asking for the others', async () => {
    const shard = ndjsonOf(
      'alone.ndjson',
      await cli(['reg', '--shard', '1/2', '--concurrency', '0', '-f', 'ndjson']),
    );
    const r = await inProcess(['report', shard, '-f', 'sarif']);
    assert.ok(r.code === 0 || r.code === 1, r.stderr);
    assert.equal(r.stderr, '');
    assert.equal(JSON.parse(r.stdout).runs[0].automationDetails.id, 'mcpdesc-validate/shard-1-of-2/');
  });

  it('writes several formats at once, -o for the stdout one, and .gz inputs', async () => {
    const run = await cli(['reg', '--concurrency', '0', '-f', 'ndjson']);
    writeFileSync(join(cwd, 'run.ndjson.gz'), gzipSync(run.stdout));
    const r = await cli([
      'report',
      'run.ndjson.gz',
      '-f',
      'sarif',
      '-o',
      'out.sarif',
      '-f',
      'github=gh.txt',
      '-f',
      'gitlab=cq.json',
    ]);
    assert.equal(r.code, run.code, r.stderr);
    assert.equal(r.stdout, '');
    const direct = await cli([
      'reg',
      '--concurrency',
      '0',
      '-f',
      'sarif',
      '-f',
      'github=gh-direct.txt',
      '-f',
      'gitlab=cq-direct.json',
    ]);
    assert.equal(normalise(readFileSync(join(cwd, 'out.sarif'), 'utf8')), normalise(direct.stdout));
    assert.equal(readFileSync(join(cwd, 'gh.txt'), 'utf8'), readFileSync(join(cwd, 'gh-direct.txt'), 'utf8'));
    assert.equal(
      readFileSync(join(cwd, 'cq.json'), 'utf8'),
      readFileSync(join(cwd, 'cq-direct.json'), 'utf8'),
    );
  });

  it('--fail-on re-judges the findings; baseline-suppressed ones never fail', async () => {
    const warnOnly = ndjsonOf('warn.ndjson', await cli(['reg/a/name-format.json', '-f', 'ndjson']));
    assert.equal(
      (await inProcess(['report', warnOnly, '-f', 'text'])).code,
      0,
      "the run's own --fail-on (error)",
    );
    const strict = await inProcess(['report', warnOnly, '-f', 'ndjson', '--fail-on', 'warning']);
    assert.equal(strict.code, 1);
    // The summary and the run record say the same verdict as the exit code.
    assert.equal(strict.records.at(-1)!.exitCode, 1);
    assert.equal(strict.records.at(-1)!.failOn, 'warning');
    assert.equal((strict.records[0]!.options as Record<string, unknown>).failOn, 'warning');
    assert.equal((await inProcess(['report', warnOnly, '--fail-on', 'never'])).code, 0);

    await cli(['reg/a/mixed.json', '--write-baseline', 'baseline.ndjson', '-f', 'ndjson']);
    const baselined = ndjsonOf(
      'baselined.ndjson',
      await cli(['reg/a/mixed.json', '--baseline', 'baseline.ndjson', '-f', 'ndjson']),
    );
    const r = await inProcess(['report', baselined, '-f', 'text', '--fail-on', 'warning']);
    assert.equal(r.code, 0, r.stdout);
    assert.match(r.stdout, /in the baseline not listed \(--show-suppressed lists them\)/);
    const shown = await inProcess([
      'report',
      baselined,
      '-f',
      'text',
      '--show-suppressed',
      '--fail-on',
      'warning',
    ]);
    assert.match(shown.stdout, /all in the baseline/);
  });

  describe('inputs it refuses or flags (exit 2, naming the file and line)', () => {
    let whole: string;
    let shardA: string;
    before(async () => {
      whole = ndjsonOf('whole.ndjson', await cli(['reg', '--concurrency', '0', '-f', 'ndjson']));
      shardA = ndjsonOf(
        'a-1.ndjson',
        await cli(['reg', '--shard', '1/2', '--concurrency', '0', '-f', 'ndjson']),
      );
    });

    it('a report cut short: the damaged line and the missing summary are named; what was read is rendered with a summary that counts it', async () => {
      const text = readFileSync(join(cwd, whole), 'utf8');
      const lines = text.split('\n');
      // Cut in the middle of the 9th record.
      const cut = `${lines.slice(0, 8).join('\n')}\n${lines[8]!.slice(0, 25)}`;
      writeFileSync(join(cwd, 'cut.ndjson'), cut);
      const r = await inProcess(['report', 'cut.ndjson', '-f', 'ndjson']);
      assert.equal(r.code, 2);
      assert.match(r.stderr, /cut\.ndjson:9: not a JSON record/);
      assert.match(r.stderr, /cut\.ndjson has no summary record/);
      const summary = r.records.at(-1)!;
      assert.equal(summary.type, 'summary');
      assert.equal(summary.exitCode, 2);
      assert.equal(summary.documents, r.records.filter((x) => x.type === 'file').length);
      assert.equal(
        (summary.counts as Record<string, number>).error,
        r.records.filter((x) => x.type === 'diagnostic' && x.severity === 'error').length,
      );
    });

    it('shards of different runs are refused, nothing written', async () => {
      const other = ndjsonOf(
        'b-2.ndjson',
        await cli(['reg', '--shard', '2/2', '--fail-on', 'warning', '--concurrency', '0', '-f', 'ndjson']),
      );
      const r = await inProcess(['report', shardA, other, '-f', 'sarif=never.sarif']);
      assert.equal(r.code, 2);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /different options: failOn differs/);
      assert.throws(() => readFileSync(join(cwd, 'never.sarif')), /ENOENT/);
      const mixed = await inProcess(['report', whole, shardA, '-f', 'text']);
      assert.equal(mixed.code, 2);
      assert.equal(mixed.stdout, '');
      assert.match(mixed.stderr, /cannot merge whole runs with shards/);
    });

    it('a file that is not NDJSON, or not a report, or missing', async () => {
      const sarif = await inProcess(['report', whole, '-f', 'sarif']);
      writeFileSync(join(cwd, 'log.sarif'), sarif.stdout);
      const notNdjson = await inProcess(['report', 'log.sarif', '-f', 'text']);
      assert.equal(notNdjson.code, 2);
      assert.equal(notNdjson.stdout, '');
      assert.match(notNdjson.stderr, /log\.sarif:1: not a JSON record/);
      writeFileSync(join(cwd, 'plain.ndjson'), '{"a":1}\n{"b":2}\n');
      const notReport = await inProcess(['report', 'plain.ndjson']);
      assert.equal(notReport.code, 2);
      assert.match(notReport.stderr, /plain\.ndjson does not start with a run record/);
      const missing = await cli(['report', 'nope.ndjson']);
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /cannot read nope\.ndjson: no such file/);
    });

    it('a record the reporters cannot render is named by file and line, and left out', async () => {
      const records = readFileSync(join(cwd, whole), 'utf8').trimEnd().split('\n');
      const at = records.findIndex((l) => l.includes('"type":"file"'));
      records[at] = records[at]!.replace(/"status":"[a-z]+"/, '"status":"bogus"');
      writeFileSync(join(cwd, 'bad.ndjson'), `${records.join('\n')}\n`);
      const r = await inProcess(['report', 'bad.ndjson', '-f', 'ndjson']);
      assert.equal(r.code, 2);
      assert.match(
        r.stderr,
        new RegExp(`bad\\.ndjson:${at + 1}: .*without a valid status; the document is left out`),
      );
      assert.equal(r.records.at(-1)!.documents, r.records.filter((x) => x.type === 'file').length);
    });

    it('a report of a schema version it does not read', async () => {
      const records = readFileSync(join(cwd, whole), 'utf8').split('\n');
      records[0] = records[0]!.replace('"schemaVersion":1', '"schemaVersion":2');
      writeFileSync(join(cwd, 'v2.ndjson'), records.join('\n'));
      const r = await inProcess(['report', 'v2.ndjson', '-f', 'text']);
      assert.equal(r.code, 2);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /v2\.ndjson: report schema version 2 is not one this version reads/);
    });

    it('stops quietly when the reader leaves (`| head`): no message, the verdict of what was rendered', async () => {
      const run = readFileSync(join(cwd, whole), 'utf8').split('\n')[0]!;
      const lines = [run];
      for (let i = 0; i < 20_000; i++) {
        const file = `big/doc-${String(i).padStart(6, '0')}.json`;
        lines.push(
          JSON.stringify({
            type: 'diagnostic',
            file,
            ruleId: 'mcpdesc.tool.members',
            severity: 'error',
            message: 'm',
            pointer: '/tools/0',
            path: ['tools', 0],
            line: 2,
            column: 3,
            specSection: '9.1',
            docsUrl: 'https://example.org',
          }),
          JSON.stringify({
            type: 'file',
            file,
            status: 'invalid',
            format: 'json',
            bytes: 9,
            mcpdesc: '0.7.0',
            errors: 1,
            warnings: 0,
            infos: 0,
            tools: 1,
            durationMs: 1,
            truncated: false,
          }),
        );
      }
      writeFileSync(join(cwd, 'long.ndjson'), `${lines.join('\n')}\n`);
      const r = await runCliIntoHead('report long.ndjson -f text', 1, { cwd });
      assert.equal(r.stdout.split('\n')[0], 'big/doc-000000.json:2:3  error    m  mcpdesc.tool.members');
      assert.equal(r.status, 1, r.stderr);
      assert.doesNotMatch(r.stderr, /mcpdesc-validate/);
    });

    it('`report -` reads one report from standard input, plain or gzip, as it renders the file', async () => {
      const text = readFileSync(join(cwd, whole), 'utf8');
      const fromFile = await cli(['report', whole, '-f', 'json']);
      for (const stdin of [text, gzipSync(text)]) {
        const r = await runCli(['report', '-', '-f', 'json'], {
          cwd,
          env: { GITHUB_WORKSPACE: '' },
          stdin,
        });
        assert.equal(r.code, fromFile.code, r.stderr);
        assert.equal(normalise(r.stdout), normalise(fromFile.stdout));
      }
      // Piped next to a file: the shards of one run, combined as from two files.
      const shardB = ndjsonOf(
        'b-2.ndjson',
        await cli(['reg', '--shard', '2/2', '--concurrency', '0', '-f', 'ndjson']),
      );
      const files = await cli(['report', shardA, shardB, '-f', 'ndjson']);
      const mixed = await runCli(['report', shardA, '-', '-f', 'ndjson'], {
        cwd,
        env: { GITHUB_WORKSPACE: '' },
        stdin: readFileSync(join(cwd, shardB)),
      });
      assert.equal(mixed.code, files.code, mixed.stderr);
      assert.equal(normalise(mixed.stdout), normalise(files.stdout));
      // A damaged line is named as standard input's.
      const cut = await runCli(['report', '-', '-f', 'ndjson'], {
        cwd,
        stdin: `${text.split('\n')[0]}\n{"type":"file",\n`,
      });
      assert.equal(cut.code, 2);
      assert.match(cut.stderr, /<stdin>:2: not a JSON record/);
    });

    it('`-` at most once', async () => {
      const r = await runCli(['report', '-', '-', '-f', 'ndjson'], { cwd, stdin: '' });
      assert.equal(r.code, 2);
      assert.match(r.stderr, /standard input .*once/);
      assert.equal(r.stdout, '');
    });

    it('usage errors', async () => {
      const none = await inProcess(['report']);
      assert.equal(none.code, 2);
      assert.match(none.stderr, /missing required argument/);
      const output = await inProcess(['report', whole, '-f', 'sarif=a.sarif', '-o', 'b.sarif']);
      assert.equal(output.code, 2);
      assert.match(output.stderr, /every --format already names its file/);
      const format = await inProcess(['report', whole, '-f', 'pdf']);
      assert.equal(format.code, 2);
      assert.match(format.stderr, /gitlab/);
    });
  });

  it('--help explains itself and the main --help lists the command', async () => {
    const help = await inProcess(['report', '--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage: mcpdesc-validate report \[options\] <reports\.\.\.>/);
    for (const option of ['--format', '--output', '--fail-on', '--code-frame', '--help'])
      assert.ok(help.stdout.includes(option), option);
    assert.match(help.stdout, /Exit codes:/);
    const main = await inProcess(['--help']);
    assert.match(main.stdout, /mcpdesc-validate report RESULTS\.ndjson/);
    // Every option of `report --help` is in docs/cli.md's `report` section, and the reverse.
    const reference = readFileSync(join(REPO_ROOT, 'docs/cli.md'), 'utf8');
    const section = reference.slice(
      reference.indexOf('### `report`'),
      reference.indexOf('## Scaling and fault isolation'),
    );
    const options = help.stdout.slice(
      help.stdout.indexOf('Options:'),
      help.stdout.indexOf('One input is one run'),
    );
    const inHelp = new Set([...options.matchAll(/^ {2}(?:-\w, )?(--[a-z0-9-]+)/gm)].map((m) => m[1]!));
    inHelp.delete('--help');
    const synopsis = section.slice(
      section.indexOf('```'),
      section.indexOf('```', section.indexOf('```') + 3),
    );
    const documented = new Set([...synopsis.matchAll(/(--[a-z0-9-]+)/g)].map((m) => m[1]!));
    for (const short of synopsis.matchAll(/\[(-[a-z]) /g))
      documented.add({ '-f': '--format', '-o': '--output' }[short[1]!] ?? short[1]!);
    assert.deepEqual([...inHelp].sort(), [...documented].sort());
    // Standard input (`-`) is stated in both.
    assert.match(help.stdout, /standard input/);
    assert.match(section, /`-`.*standard input/);
  });
});
