// The CI options carried over from ESLint, Spectral and flake8: --max-warnings, --exit-zero,
// --stdin-filename (--stdin-filepath), --allow-empty (--no-error-on-unmatched-pattern) and --bail.
// Each test runs the real CLI on small documents it writes itself.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type CliResult, parseNdjson, runCli } from '../helpers/run-cli.js';
import { validDocument } from './scale-support.js';

type Rec = CliResult['records'][number];

const BOM = '\uFEFF';
/** A valid document whose only finding is one warning (mcpdesc.document.bom). */
const warningText = (name: string) => `${BOM}${JSON.stringify(validDocument(name, 1))}`;
const validText = (name: string) => JSON.stringify(validDocument(name, 1), null, 2);
/** Malformed JSON: one error (mcpdesc.document.syntax). */
const BROKEN = '{"mcpdesc": "0.7.0", ';

function put(root: string, rel: string, text: string): void {
  const full = join(root, rel);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
}

const ofType = (r: CliResult, type: string) => r.records.filter((x) => x.type === type);
const summaryOf = (r: CliResult): Rec => {
  const s = r.records.at(-1);
  assert.equal(s?.type, 'summary', `last record is the summary; stderr: ${r.stderr}`);
  return s!;
};

describe('--max-warnings and --exit-zero', () => {
  let cwd: string;
  before(() => {
    cwd = mkdtempSync(join(tmpdir(), 'cli-options-warn-'));
    for (const n of [1, 2, 3]) put(cwd, `warn/w${n}.json`, warningText(`w${n}`));
    put(cwd, 'ok/a.json', validText('a'));
    put(cwd, 'bad/b.json', BROKEN);
  });
  after(() => rmSync(cwd, { recursive: true, force: true }));

  it('exits 1 above the limit, 0 at it; the summary and the closing line say why', async () => {
    const over = await runCli(['warn', 'ok', '-f', 'ndjson', '--max-warnings', '2'], { cwd });
    assert.equal(over.code, 1, over.stderr);
    assert.deepEqual(summaryOf(over).maxWarnings, { limit: 2, warnings: 3, exceeded: true });
    assert.equal(summaryOf(over).exitCode, 1);
    assert.match(over.stderr, /3 warnings over --max-warnings 2; exit 1/);
    const at = await runCli(['warn', 'ok', '-f', 'ndjson', '--max-warnings', '3'], { cwd });
    assert.equal(at.code, 0, at.stderr);
    assert.deepEqual(summaryOf(at).maxWarnings, { limit: 3, warnings: 3, exceeded: false });
    const off = await runCli(['warn', '-f', 'ndjson', '--max-warnings', '-1'], { cwd });
    assert.equal(off.code, 0, off.stderr);
    assert.equal(summaryOf(off).maxWarnings, undefined);
  });

  it('the text report closes with the limit that failed the run', async () => {
    const r = await runCli(['warn', '-f', 'text', '--max-warnings', '0'], { cwd });
    assert.equal(r.code, 1);
    assert.match(r.stdout, /3 warnings: more than --max-warnings 0\./);
  });

  it('counts warnings after --rule levels', async () => {
    const off = await runCli(
      ['warn', '-f', 'ndjson', '--max-warnings', '0', '--rule', 'mcpdesc.document.bom=off'],
      { cwd },
    );
    assert.equal(off.code, 0, off.stderr);
    const up = await runCli(
      ['warn', '-f', 'ndjson', '--max-warnings', '0', '--rule', 'mcpdesc.document.bom=error'],
      { cwd },
    );
    assert.deepEqual(summaryOf(up).maxWarnings, { limit: 0, warnings: 0, exceeded: false });
    assert.equal(up.code, 1, 'the errors still fail the run');
  });

  it('--quiet hides the warnings but they still count (ESLint)', async () => {
    const r = await runCli(['warn', '-f', 'ndjson', '--quiet', '--max-warnings', '1'], { cwd });
    assert.equal(r.code, 1);
    assert.equal(ofType(r, 'diagnostic').length, 0);
    assert.equal((summaryOf(r).maxWarnings as Rec).warnings, 3);
    // --quiet drops the closing line, but not the one reason for this exit 1 that no listed finding
    // shows (ESLint prints its "too many warnings" under --quiet too).
    assert.match(r.stderr, /3 warnings over --max-warnings 1; exit 1/);
    const within = await runCli(['warn', '-f', 'ndjson', '--quiet', '--max-warnings', '3'], { cwd });
    assert.equal(within.code, 0, within.stderr);
    assert.equal(within.stderr, '', 'nothing to explain: --quiet stays quiet');
  });

  it('warnings a baseline covers do not count', async () => {
    const write = await runCli(['warn', '-f', 'ndjson', '--write-baseline', 'base.ndjson'], { cwd });
    assert.equal(write.code, 0, write.stderr);
    const r = await runCli(['warn', '-f', 'ndjson', '--baseline', 'base.ndjson', '--max-warnings', '0'], {
      cwd,
    });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(summaryOf(r).maxWarnings, { limit: 0, warnings: 0, exceeded: false });
  });

  it('--fail-on never still fails above --max-warnings', async () => {
    const r = await runCli(['warn', 'bad', '-f', 'ndjson', '--fail-on', 'never', '--max-warnings', '1'], {
      cwd,
    });
    assert.equal(r.code, 1);
  });

  it('--exit-zero turns 1 into 0 (findings, too many warnings) and says so', async () => {
    const r = await runCli(['bad', 'warn', '-f', 'ndjson', '--max-warnings', '0', '--exit-zero'], { cwd });
    assert.equal(r.code, 0, r.stderr);
    const summary = summaryOf(r);
    assert.equal(summary.exitCode, 0);
    assert.deepEqual(summary.exitZero, { masked: true });
    assert.equal((summary.maxWarnings as Rec).exceeded, true, 'still reported');
    assert.match(r.stderr, /turned into 0 by --exit-zero; exit 0/);
    const clean = await runCli(['ok', '-f', 'ndjson', '--exit-zero'], { cwd });
    assert.deepEqual(summaryOf(clean).exitZero, { masked: false });
  });

  it('--exit-zero never masks exit 2', async () => {
    const r = await runCli(['bad', 'missing.json', '-f', 'ndjson', '--exit-zero'], { cwd });
    assert.equal(r.code, 2);
    assert.equal(summaryOf(r).exitCode, 2);
  });

  it('a bad --max-warnings is a usage error naming the option and the value', async () => {
    for (const value of ['x', '1.5', '-2']) {
      const r = await runCli(['warn', '--max-warnings', value], { cwd });
      assert.equal(r.code, 2, value);
      assert.equal(r.stdout, '');
      assert.match(
        r.stderr,
        new RegExp(`option '--max-warnings <n>' argument '${value.replace('.', '\\.')}' is invalid`),
      );
    }
  });
});

describe('--stdin-filename', () => {
  let cwd: string;
  // YAML flow style: sniffed as JSON it is a syntax error; named .yaml it is a valid document.
  const flowYaml = `{mcpdesc: 0.7.0, info: {name: y, version: "1"}, transports: [{type: stdio, command: y}], tools: [{name: t, inputSchema: {type: object}}]}\n`;
  before(() => {
    cwd = mkdtempSync(join(tmpdir(), 'cli-options-stdin-'));
    put(cwd, 'reg/acme.json', warningText('acme'));
  });
  after(() => rmSync(cwd, { recursive: true, force: true }));

  it('names the document in NDJSON and picks the format from the extension under auto', async () => {
    const unnamed = await runCli(['-', '-f', 'ndjson'], { cwd, stdin: flowYaml });
    assert.equal(ofType(unnamed, 'file')[0]!.status, 'invalid');
    const named = await runCli(['-', '-f', 'ndjson', '--stdin-filename', './docs/y.yaml'], {
      cwd,
      stdin: flowYaml,
    });
    assert.equal(named.code, 0, named.stderr);
    const [file] = ofType(named, 'file');
    assert.equal(file!.file, 'docs/y.yaml');
    assert.equal(file!.format, 'yaml');
    assert.equal(file!.status, 'valid');
    // An explicit --stdin-format wins over the name.
    const json = await runCli(['-', '-f', 'ndjson', '--stdin-filename', 'y.yaml', '--stdin-format', 'json'], {
      cwd,
      stdin: flowYaml,
    });
    assert.equal(ofType(json, 'file')[0]!.status, 'invalid');
  });

  it('Spectral spelling --stdin-filepath is the same option', async () => {
    const r = await runCli(['-', '-f', 'ndjson', '--stdin-filepath', 'docs/y.yaml'], {
      cwd,
      stdin: flowYaml,
    });
    assert.equal(ofType(r, 'file')[0]!.file, 'docs/y.yaml');
  });

  it('a .jsonl name reads standard input as JSON Lines, each record under the name', async () => {
    const lines = `${JSON.stringify(validDocument('l1', 1))}\n${BROKEN}\n`;
    const r = await runCli(['-', '-f', 'ndjson', '--stdin-filename', 'dump.jsonl'], { cwd, stdin: lines });
    const files = ofType(r, 'file');
    assert.deepEqual(
      files.map((f) => [f.file, f.line, f.format, f.status]),
      [
        ['dump.jsonl', 1, 'jsonl', 'valid'],
        ['dump.jsonl', 2, 'jsonl', 'invalid'],
      ],
    );
  });

  it('SARIF, GitHub and text reports use the name', async () => {
    const stdin = BROKEN;
    const args = ['-', '--stdin-filename', 'reg/piped.json'];
    const sarif = await runCli([...args, '-f', 'sarif'], { cwd, stdin });
    const uris = JSON.parse(sarif.stdout).runs[0].results.map(
      (x: { locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }) =>
        x.locations[0]!.physicalLocation.artifactLocation.uri,
    );
    assert.deepEqual(uris, ['reg/piped.json']);
    const github = await runCli([...args, '-f', 'github'], { cwd, stdin });
    assert.match(github.stdout, /^::error file=reg\/piped\.json,/m);
    const text = await runCli([...args, '-f', 'text'], { cwd, stdin });
    assert.match(text.stdout, /^reg\/piped\.json:1:\d+ {2}error/m);
    assert.doesNotMatch(text.stdout + github.stdout + sarif.stdout, /<stdin>/);
  });

  it('baseline entries of the named file apply to the document', async () => {
    const write = await runCli(
      ['reg', '-f', 'ndjson', '--fail-on', 'warning', '--write-baseline', 'b.ndjson'],
      {
        cwd,
      },
    );
    assert.equal(write.code, 1);
    const stdin = warningText('acme');
    const r = await runCli(
      [
        '-',
        '-f',
        'ndjson',
        '--fail-on',
        'warning',
        '--baseline',
        'b.ndjson',
        '--stdin-filename',
        'reg/acme.json',
      ],
      { cwd, stdin },
    );
    assert.equal(r.code, 0, r.stderr);
    const [d] = ofType(r, 'diagnostic');
    assert.equal(d!.file, 'reg/acme.json');
    assert.equal(d!.suppressed, true);
    const unnamed = await runCli(['-', '-f', 'ndjson', '--fail-on', 'warning', '--baseline', 'b.ndjson'], {
      cwd,
      stdin,
    });
    assert.equal(unnamed.code, 1, 'under <stdin> the entries do not apply');
  });

  it('is refused without -, when empty, and when another input has the name', async () => {
    const without = await runCli(['reg', '--stdin-filename', 'x.json'], { cwd });
    assert.equal(without.code, 2);
    assert.match(without.stderr, /--stdin-filename <name>' needs - \(standard input\)/);
    const empty = await runCli(['-', '--stdin-filename', ''], { cwd, stdin: '{}' });
    assert.equal(empty.code, 2);
    assert.match(empty.stderr, /option '--stdin-filename <name>' argument '' is invalid/);
    const clash = await runCli(['-', 'reg', '-f', 'ndjson', '--stdin-filename', 'reg/acme.json'], {
      cwd,
      stdin: '{}',
    });
    assert.equal(clash.code, 2);
    assert.equal(clash.stdout, '');
    assert.match(clash.stderr, /--stdin-filename reg\/acme\.json is also the name of an input/);
  });
});

describe('--allow-empty', () => {
  let cwd: string;
  before(() => {
    cwd = mkdtempSync(join(tmpdir(), 'cli-options-empty-'));
    mkdirSync(join(cwd, 'empty'));
  });
  after(() => rmSync(cwd, { recursive: true, force: true }));

  for (const flag of ['--allow-empty', '--no-error-on-unmatched-pattern']) {
    it(`${flag}: nothing matched is exit 0 with the notes, a run and a summary`, async () => {
      const r = await runCli(['nothing/**/*.json', 'empty', '-f', 'ndjson', flag], { cwd });
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(
        r.records.map((x) => x.type),
        ['run', 'summary'],
      );
      assert.equal(summaryOf(r).exitCode, 0);
      assert.match(r.stderr, /no files matched "nothing\/\*\*\/\*\.json"/);
      assert.match(r.stderr, /no files matched "empty"/);
      assert.match(r.stderr, /--allow-empty: exit 0/);
    });
  }

  it('without it nothing matched stays exit 2', async () => {
    const r = await runCli(['nothing/**/*.json', '-f', 'ndjson'], { cwd });
    assert.equal(r.code, 2);
  });

  it('a named file that does not exist is still exit 2', async () => {
    const r = await runCli(['missing.json', '-f', 'ndjson', '--allow-empty'], { cwd });
    assert.equal(r.code, 2);
  });
});

describe('--bail', () => {
  let cwd: string;
  before(() => {
    cwd = mkdtempSync(join(tmpdir(), 'cli-options-bail-'));
    // Sorted: bad files first, then many valid ones, so a bail leaves files unchecked.
    for (let i = 0; i < 4; i++) put(cwd, `reg/a${i}.json`, BROKEN);
    for (let i = 0; i < 40; i++) put(cwd, `reg/v${String(i).padStart(2, '0')}.json`, validText(`v${i}`));
    // Enough failing files that threads cannot have them all under way at once.
    for (let i = 0; i < 300; i++) put(cwd, `many/f${String(i).padStart(3, '0')}.json`, BROKEN);
    put(cwd, 'lines/a.jsonl', `${BROKEN}\n${JSON.stringify(validDocument('j', 1))}\n${BROKEN}\n`);
    for (let i = 0; i < 10; i++) put(cwd, `lines/z${i}.json`, validText(`z${i}`));
  });
  after(() => rmSync(cwd, { recursive: true, force: true }));

  /** Every planned input has exactly one record (one per document), in sorted order. */
  function assertComplete(r: CliResult): { checked: Rec[]; skipped: Rec[] } {
    const run = r.records[0]!;
    const files = ofType(r, 'file');
    const names = [...new Set(files.map((f) => f.file as string))];
    assert.equal(names.length, run.filesPlanned, 'one record per planned file');
    assert.deepEqual(names, [...names].sort(), 'in sorted order');
    const skipped = files.filter((f) => f.status === 'skipped');
    for (const s of skipped) {
      assert.equal((s.error as Rec).code, 'EBAIL');
      assert.match((s.error as Rec).message as string, /Not checked: --bail \d+ stopped the run/);
      assert.equal(s.format, 'unknown');
    }
    const summary = summaryOf(r);
    assert.equal((summary.files as Rec).skipped, skipped.length);
    assert.equal((summary.bail as Rec).skipped, skipped.length);
    assert.equal(summary.aborted, false);
    // The files --bail never read are not in the bytes (nor in mbPerSec): only what was read is.
    const checked = files.filter((f) => f.status !== 'skipped');
    assert.equal(
      summary.bytes,
      checked.reduce((n, f) => n + (f.bytes as number), 0),
    );
    return { checked, skipped };
  }

  it("merge of --bail shards: bytes are the read files' bytes, summed over the shards", async () => {
    const shards: string[] = [];
    for (const k of [1, 2]) {
      const r = await runCli(['reg', '-f', 'ndjson', '--bail', '--concurrency', '0', '--shard', `${k}/2`], {
        cwd,
      });
      assert.ok(r.code === 0 || r.code === 1, r.stderr);
      const name = `bail-shard-${k}.ndjson`;
      writeFileSync(join(cwd, name), r.stdout);
      shards.push(name);
    }
    const merged = await runCli(['merge', ...shards], { cwd });
    const files = ofType(merged, 'file');
    assert.ok(
      files.some((f) => f.status === 'skipped'),
      'a shard bailed',
    );
    const read = files.filter((f) => (f.error as Rec | undefined)?.code !== 'EBAIL');
    assert.equal(
      summaryOf(merged).bytes,
      read.reduce((n, f) => n + (f.bytes as number), 0),
    );
  });

  it('stops after the first failing file; the rest are skipped records; exit 1', async () => {
    const r = await runCli(['reg', '-f', 'ndjson', '--bail', '--concurrency', '0'], { cwd });
    assert.equal(r.code, 1, r.stderr);
    const { checked, skipped } = assertComplete(r);
    assert.ok(skipped.length > 0, 'files were left unchecked');
    // In-process, files go one by one: the failing one and at most the one already under way.
    assert.ok(checked.length <= 2, `checked ${checked.length}`);
    assert.deepEqual(summaryOf(r).bail, { limit: 1, stopped: true, skipped: skipped.length });
    assert.match(
      r.stderr,
      new RegExp(`stopped by --bail 1 \\(${skipped.length} files not checked\\); exit 1`),
    );
  });

  it('--bail 3, --bail=3: stops once 3 files failed', async () => {
    for (const args of [['--bail', '3'], ['--bail=3']]) {
      const r = await runCli(['reg', '-f', 'ndjson', '--concurrency', '0', ...args], { cwd });
      const { checked, skipped } = assertComplete(r);
      assert.ok(checked.filter((f) => f.status === 'invalid').length >= 3, args.join(' '));
      assert.ok(skipped.length > 0, args.join(' '));
      assert.equal((summaryOf(r).bail as Rec).limit, 3);
    }
  });

  it('a word after --bail that is not a number is an input', async () => {
    const r = await runCli(['--bail', 'reg', '-f', 'ndjson', '--concurrency', '0'], { cwd });
    assert.equal(r.code, 1, r.stderr);
    assert.equal((summaryOf(r).bail as Rec).limit, 1);
    assert.ok(assertComplete(r).skipped.length > 0);
  });

  it('with worker threads: files under way finish, the rest are skipped', async () => {
    const r = await runCli(['many', '-f', 'ndjson', '--bail', '--concurrency', '2'], { cwd });
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.records[0]!.concurrency, 2);
    const { checked, skipped } = assertComplete(r);
    assert.ok(skipped.length > 0 && checked.length >= 1);
    assert.ok(checked.every((f) => f.status === 'invalid'));
  });

  it('without failures nothing is skipped and the run exits 0', async () => {
    const r = await runCli(['reg/v00.json', 'reg/v01.json', '-f', 'ndjson', '--bail'], { cwd });
    assert.equal(r.code, 0);
    assert.deepEqual(summaryOf(r).bail, { limit: 1, stopped: false, skipped: 0 });
  });

  it('a JSON Lines file under way is read to its end; it counts as one failing file', async () => {
    const r = await runCli(['lines', '-f', 'ndjson', '--bail', '--concurrency', '0'], { cwd });
    const { checked, skipped } = assertComplete(r);
    assert.deepEqual(
      checked.filter((f) => f.file === 'lines/a.jsonl').map((f) => [f.line, f.status]),
      [
        [1, 'invalid'],
        [2, 'valid'],
        [3, 'invalid'],
      ],
    );
    assert.ok(skipped.length >= 9, `skipped ${skipped.length}`);
  });

  it('JSON Lines from standard input: its records all come, the files after it are skipped', async () => {
    const stdin = `${BROKEN}\n${JSON.stringify(validDocument('s', 1))}\n`;
    const r = await runCli(
      ['-', 'lines', '-f', 'ndjson', '--stdin-format', 'jsonl', '--bail', '--concurrency', '0'],
      {
        cwd,
        stdin,
      },
    );
    const { skipped } = assertComplete(r);
    const piped = ofType(r, 'file').filter((f) => f.file === '<stdin>');
    assert.deepEqual(
      piped.map((f) => f.status),
      ['invalid', 'valid'],
    );
    assert.ok(skipped.length >= 10);
  });

  it('--cache: a run cut short keeps the entries of the files it skipped, and skips replays too', async () => {
    const cache = ['--cache', '--cache-location', 'cache-dir'];
    const warm = await runCli(['reg', '-f', 'ndjson', '--concurrency', '0', ...cache], { cwd });
    assert.equal(warm.code, 1);
    const bailed = await runCli(['reg', '-f', 'ndjson', '--concurrency', '0', '--bail', ...cache], { cwd });
    const { skipped } = assertComplete(bailed);
    assert.ok(skipped.length > 0, 'replayed hits after the stop are skipped as well');
    const again = await runCli(['reg', '-f', 'ndjson', '--concurrency', '0', ...cache], { cwd });
    const files = ofType(again, 'file');
    assert.equal(
      files.filter((f) => f.cached === true).length,
      files.length,
      'every entry survived the bailed run',
    );
  });

  it('--strict-baseline does not call the skipped files baselined findings gone', async () => {
    const dir = join(cwd, 'strict');
    for (let i = 1; i <= 5; i++) put(dir, `b${i}.json`, BROKEN);
    const write = await runCli(['.', '-f', 'ndjson', '--write-baseline', 'base.ndjson'], { cwd: dir });
    assert.equal(write.code, 1);
    put(dir, 'a0.json', BROKEN); // new: not in the baseline, first in order
    const r = await runCli(
      ['.', '-f', 'ndjson', '--baseline', 'base.ndjson', '--strict-baseline', '--bail', '--concurrency', '0'],
      { cwd: dir },
    );
    assert.equal(r.code, 1);
    assert.ok(assertComplete(r).skipped.length > 0);
    assert.doesNotMatch(r.stderr, /stale baseline entry/);
  });

  it('usage errors: 0, a non-number, --fail-on never, --write-baseline', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--bail', '0'], /option '--bail \[n\]' argument '0' is invalid/],
      [['--bail=x'], /option '--bail \[n\]' argument 'x' is invalid/],
      [['--bail', '--fail-on', 'never'], /'--bail \[n\]' needs a --fail-on level other than never/],
      [['--bail', '--write-baseline', 'w.ndjson'], /cannot be combined with --write-baseline/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(['reg', ...args], { cwd });
      assert.equal(r.code, 2, args.join(' '));
      assert.equal(r.stdout, '');
      assert.match(r.stderr, message);
    }
  });

  it('the text report names the stop once instead of listing every skipped file', async () => {
    const r = await runCli(['reg', '-f', 'text', '--bail', '--concurrency', '0'], { cwd });
    assert.doesNotMatch(r.stdout, /EBAIL/);
    assert.match(r.stdout, /Stopped by --bail 1: \d+ files not checked\./);
  });

  it('GitHub and SARIF reports give one notice for the files --bail left, not one per file', async () => {
    const github = await runCli(['reg', '-f', 'github', '--bail', '--concurrency', '0'], { cwd });
    assert.doesNotMatch(github.stdout, /EBAIL/);
    assert.match(
      github.stdout,
      /^::notice title=mcpdesc-validate::--bail 1 stopped the run: \d+ files not checked\.$/m,
    );
    const sarif = await runCli(['reg', '-f', 'sarif', '--bail', '--concurrency', '0'], { cwd });
    const notes = JSON.parse(sarif.stdout).runs[0].invocations[0].toolExecutionNotifications as Array<{
      message: { text: string };
    }>;
    assert.deepEqual(
      notes.map((n) => n.message.text.replace(/\d+ files/, 'N files')),
      ['--bail 1 stopped the run: N files not checked.'],
    );
  });
});

describe('merge and compare with the new summary fields', () => {
  let cwd: string;
  const shards = async (extra: string[]) => {
    const outs: string[] = [];
    for (const k of [1, 2]) {
      const r = await runCli(['reg', '-f', 'ndjson', '--shard', `${k}/2`, ...extra], { cwd });
      writeFileSync(join(cwd, `s${k}.ndjson`), r.stdout);
      outs.push(r.stdout);
    }
    return outs.map(parseNdjson);
  };
  before(() => {
    cwd = mkdtempSync(join(tmpdir(), 'cli-options-merge-'));
    for (let i = 0; i < 12; i++) put(cwd, `reg/w${String(i).padStart(2, '0')}.json`, warningText(`w${i}`));
    for (let i = 0; i < 6; i++) put(cwd, `reg/b${i}.json`, BROKEN);
  });
  after(() => rmSync(cwd, { recursive: true, force: true }));

  it('--max-warnings is judged on the whole run, its limit not summed', async () => {
    const parts = await shards(['--fail-on', 'never', '--max-warnings', '10']);
    // Neither shard alone is over 10 (12 warnings in all, split over 2 shards)...
    const perShard = parts.map((p) => (p.at(-1)!.maxWarnings as Rec).warnings as number);
    assert.equal(perShard[0]! + perShard[1]!, 12);
    const m = await runCli(['merge', 's1.ndjson', 's2.ndjson'], { cwd });
    const summary = parseNdjson(m.stdout).at(-1)!;
    if (perShard.every((n) => n <= 10)) assert.ok(parts.every((p) => p.at(-1)!.exitCode === 0));
    assert.deepEqual(summary.maxWarnings, { limit: 10, warnings: 12, exceeded: true });
    assert.equal(summary.exitCode, 1);
    assert.equal(m.code, 1);
  });

  it('--exit-zero shards merge to exit 0, masked', async () => {
    await shards(['--exit-zero']);
    const m = await runCli(['merge', 's1.ndjson', 's2.ndjson'], { cwd });
    const summary = parseNdjson(m.stdout).at(-1)!;
    assert.equal(m.code, 0, m.stderr);
    assert.equal(summary.exitCode, 0);
    assert.deepEqual(summary.exitZero, { masked: true });
  });

  it('--bail shards: the limit stays, the skipped files add up', async () => {
    const parts = await shards(['--bail', '--concurrency', '0']);
    const skipped = parts.reduce((n, p) => n + ((p.at(-1)!.bail as Rec).skipped as number), 0);
    const m = await runCli(['merge', 's1.ndjson', 's2.ndjson'], { cwd });
    const summary = parseNdjson(m.stdout).at(-1)!;
    assert.equal((summary.bail as Rec).limit, 1);
    assert.equal((summary.bail as Rec).skipped, skipped);
    assert.equal((summary.bail as Rec).stopped, true);
  });

  it('shards with different --max-warnings are refused', async () => {
    const r1 = await runCli(['reg', '-f', 'ndjson', '--shard', '1/2', '--max-warnings', '1'], { cwd });
    const r2 = await runCli(['reg', '-f', 'ndjson', '--shard', '2/2', '--max-warnings', '2'], { cwd });
    writeFileSync(join(cwd, 's1.ndjson'), r1.stdout);
    writeFileSync(join(cwd, 's2.ndjson'), r2.stdout);
    const m = await runCli(['merge', 's1.ndjson', 's2.ndjson'], { cwd });
    assert.equal(m.code, 2);
    assert.match(m.stderr, /maxWarnings differs/);
  });

  it('compare notes a run cut short by --bail', async () => {
    const full = await runCli(['reg', '-f', 'ndjson'], { cwd });
    writeFileSync(join(cwd, 'full.ndjson'), full.stdout);
    const bailed = await runCli(['reg', '-f', 'ndjson', '--bail', '--concurrency', '0'], { cwd });
    writeFileSync(join(cwd, 'bailed.ndjson'), bailed.stdout);
    const c = await runCli(['compare', 'full.ndjson', 'bailed.ndjson', '--format', 'text'], { cwd });
    assert.equal(c.code, 0, c.stderr);
    assert.match(c.stdout, /note: the new run was cut short by --bail: \d+ files were not checked there/);
  });
});
