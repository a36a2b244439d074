// How a run's verdict becomes its exit code and is explained: --fail-on, --max-warnings, --exit-zero,
// --allow-empty, the same verdict in every report format and in `report` of the run's NDJSON. Each test
// runs the CLI (main(), in-process, or the real one spawned) on small documents it writes itself.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO_ROOT, runCli as spawnCli, tempDir } from '../helpers/run-cli.js';
import { runMainAsCli } from '../helpers/run-main.js';
import {
  assertUsageError,
  BROKEN,
  ofType,
  put,
  type Rec,
  summaryOf,
  validText,
  WARNINGS_ONLY,
  warningText,
} from './cli-support.js';
import { validDocument } from './scale-support.js';

// Most cases run main() in-process; a few spawn the real CLI (spawnCli) for each exit code, 0, 1 and 2.
const runCli = runMainAsCli;

describe('--max-warnings and --exit-zero', () => {
  let cwd: string;
  before(() => {
    cwd = mkdtempSync(join(tmpdir(), 'mcpdesc-warn-'));
    for (const n of [1, 2, 3]) put(cwd, `warn/w${n}.json`, warningText(`w${n}`));
    put(cwd, 'ok/a.json', validText('a'));
    put(cwd, 'bad/b.json', BROKEN);
  });
  after(() => rmSync(cwd, { recursive: true, force: true }));

  it('exits 1 above the limit, 0 at it; the summary and the closing line say why', async () => {
    const over = await spawnCli(['warn', 'ok', '-f', 'ndjson', '--max-warnings', '2'], { cwd });
    assert.equal(over.code, 1, over.stderr);
    assert.deepEqual(summaryOf(over).maxWarnings, { limit: 2, warnings: 3, exceeded: true });
    assert.equal(summaryOf(over).exitCode, 1);
    assert.match(over.stderr, /3 warnings over --max-warnings 2; exit 1/);
    const at = await spawnCli(['warn', 'ok', '-f', 'ndjson', '--max-warnings', '3'], { cwd });
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
    const r = await spawnCli(['bad', 'missing.json', '-f', 'ndjson', '--exit-zero'], { cwd });
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

describe('--fail-on', () => {
  const tmp = tempDir('fail-on');
  const cwd = tmp.path;
  before(() => {
    put(cwd, 'docs/a.json', validText('a'));
    put(cwd, 'docs/legacy/c.json', validText('c'));
    put(cwd, 'docs/legacy/d.json', 'not json');
    put(cwd, 'warn.json', WARNINGS_ONLY);
    put(cwd, 'w.json', warningText('w'));
  });
  after(() => tmp.remove());

  it('--fail-on never and warning move the exit code, not the records', async () => {
    const never = await runCli(['docs/legacy', '--fail-on', 'never'], { cwd });
    assert.equal(never.code, 0);
    assert.equal(ofType(never, 'file').filter((f) => f.status === 'invalid').length, 1);
    const clean = await runCli(['docs/a.json', '--fail-on', 'warning'], { cwd });
    assert.equal(clean.code, 0);
  });

  // --rule accepted `warn` and `info` but --fail-on refused them: ESLint and Spectral users type `warn`.
  it('--fail-on accepts warn (as warning) and info', async () => {
    const warn = await runCli(['warn.json', '--fail-on', 'warn'], { cwd });
    assert.equal(warn.code, 1, 'warnings fail --fail-on warn');
    assert.equal(
      warn.records[0]!.options && (warn.records[0]!.options as { failOn: string }).failOn,
      'warning',
    );
    const info = await runCli(
      [
        'warn.json',
        '--rule',
        'mcpdesc.tool.input-schema-present=info',
        '--rule',
        'mcpdesc.tool.name-format=info',
      ],
      { cwd },
    );
    assert.equal(info.code, 0, 'infos do not fail --fail-on error');
    const failInfo = await runCli(
      [
        'warn.json',
        '--rule',
        'mcpdesc.tool.input-schema-present=info',
        '--rule',
        'mcpdesc.tool.name-format=info',
        '--fail-on',
        'info',
      ],
      { cwd },
    );
    assert.equal(failInfo.code, 1, 'infos fail --fail-on info');
    assert.equal((failInfo.records.at(-1) as { failOn?: string }).failOn, 'info');
    const bad = await runCli(['warn.json', '--fail-on', 'hint'], { cwd });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--fail-on.*Expected one of error, warning, info, never/);
  });

  it('--fail-severity is --fail-on (Spectral); the two disagreeing is a usage error', async () => {
    const fails = await runCli(['w.json', '--fail-severity', 'warn'], { cwd });
    assert.equal(fails.code, 1, fails.stderr);
    const passes = await runCli(['w.json', '--fail-severity', 'error'], { cwd });
    assert.equal(passes.code, 0, passes.stderr);
    const both = await runCli(['w.json', '--fail-severity', 'warn', '--fail-on', 'error'], { cwd });
    assertUsageError(both, /'--fail-on' and '--fail-severity' disagree/);
  });
});

describe('--allow-empty', () => {
  let cwd: string;
  before(() => {
    cwd = mkdtempSync(join(tmpdir(), 'mcpdesc-empty-'));
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

  it('without it nothing matched stays exit 2, naming the patterns', async () => {
    const r = await runCli(['nothing/**/*.json', 'docs/*.xml'], { cwd });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /no input files matched: "nothing\/\*\*\/\*\.json", "docs\/\*\.xml"/);
    assert.equal(summaryOf(r).exitCode, 2);
    assert.equal(ofType(r, 'file').length, 0);
  });

  it('a named file that does not exist is still exit 2', async () => {
    const r = await runCli(['missing.json', '-f', 'ndjson', '--allow-empty'], { cwd });
    assert.equal(r.code, 2);
  });
});

describe('-f sarif with --max-warnings', () => {
  const tmp = tempDir('sarif-max-warnings');
  const cwd = tmp.path;
  before(() => {
    for (const n of [1, 2]) put(cwd, `reg/w${n}.json`, `\uFEFF${JSON.stringify(validDocument(`w${n}`, 1))}`);
  });
  after(() => tmp.remove());

  it('says in the invocation why a run of warnings exits 1, as text and GitHub do', async () => {
    const r = await runCli(['reg', '-f', 'sarif', '--max-warnings', '1'], { cwd });
    assert.equal(r.code, 1, r.stderr);
    const invocation = JSON.parse(r.stdout).runs[0].invocations[0];
    assert.equal(invocation.exitCode, 1);
    const texts = (invocation.toolExecutionNotifications ?? []).map(
      (n: { message: { text: string } }) => n.message.text,
    );
    assert.ok(
      texts.some((t: string) => /2 warnings: more than --max-warnings 1\./.test(t)),
      JSON.stringify(invocation),
    );
    const at = await runCli(['reg', '-f', 'sarif', '--max-warnings', '2'], { cwd });
    assert.equal(at.code, 0, at.stderr);
    assert.equal(JSON.parse(at.stdout).runs[0].invocations[0].toolExecutionNotifications, undefined);
  });
});

describe('report: exit codes of a run that --max-warnings or --exit-zero decided', () => {
  const tmp = tempDir('report-exit');
  const cwd = tmp.path;
  before(() => {
    for (const n of [1, 2]) put(cwd, `reg/w${n}.json`, `\uFEFF${JSON.stringify(validDocument(`w${n}`, 1))}`);
    put(cwd, 'reg/bad.json', BROKEN);
  });
  after(() => tmp.remove());

  it('exits as the run did, and --help and docs/cli.md say why', async () => {
    const over = await runCli(['reg/w1.json', 'reg/w2.json', '--max-warnings', '1', '-f', 'ndjson'], { cwd });
    assert.equal(over.code, 1, over.stderr);
    writeFileSync(join(cwd, 'over.ndjson'), over.stdout);
    // No finding at or above --fail-on, and yet 1: the run's own --max-warnings.
    const r = await runCli(['report', 'over.ndjson', '--fail-on', 'never', '-f', 'ndjson'], { cwd });
    assert.equal(r.code, 1, r.stderr);
    const zero = await runCli(['reg', '--exit-zero', '-f', 'ndjson'], { cwd });
    assert.equal(zero.code, 0, zero.stderr);
    writeFileSync(join(cwd, 'zero.ndjson'), zero.stdout);
    const z = await runCli(['report', 'zero.ndjson', '-f', 'ndjson'], { cwd });
    assert.equal(z.code, 0, "findings at or above --fail-on, and yet 0: the run's own --exit-zero");

    const help = (await runCli(['report', '--help'], { cwd })).stdout;
    // Each code's entry, continuation lines included.
    const entry = (code: number) =>
      help
        .slice(help.indexOf('Exit codes:'))
        .split(/^ {2}(?=\d+ )/m)
        .find((e) => e.startsWith(`${code} `));
    assert.match(entry(0) ?? '', /--exit-zero/);
    assert.match(entry(1) ?? '', /--max-warnings/);
    const reference = readFileSync(join(REPO_ROOT, 'docs/cli.md'), 'utf8');
    const section = reference.slice(reference.indexOf('### `report`'));
    assert.match(section, /^\| 0 \| [^\n]*--exit-zero/m);
    assert.match(section, /^\| 1 \| [^\n]*--max-warnings/m);
  });
});
