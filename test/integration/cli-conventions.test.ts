// What a newcomer from ESLint, Spectral or ajv-cli types and expects, the conventions of those tools,
// run against the real CLI: --quiet says nothing about the warnings it hides, `rules --help` explains
// itself, option pairs that do nothing alone are refused, --fail-on takes the levels --rule takes, and
// colour follows NO_COLOR / FORCE_COLOR / --color.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli, tempDir } from '../helpers/run-cli.js';

// One error (a tag that is not a string) and two warnings (an empty name, no inputSchema).
const MIXED =
  '{"mcpdesc":"0.7.0","info":{"name":"a","version":"1"},"transports":[{"type":"stdio","command":"x"}],' +
  '"tools":[{"name":""},{"name":"ok","inputSchema":{"type":"object"},"tags":[1]}]}\n';
// Only warnings.
const WARNINGS_ONLY =
  '{"mcpdesc":"0.7.0","info":{"name":"a","version":"1"},"transports":[{"type":"stdio","command":"x"}],' +
  '"tools":[{"name":"no schema"}]}\n';

describe('CLI conventions a newcomer relies on', () => {
  const tmp = tempDir('conventions');
  const cwd = tmp.path;
  before(() => {
    writeFileSync(join(cwd, 'mixed.json'), MIXED);
    writeFileSync(join(cwd, 'warn.json'), WARNINGS_ONLY);
  });
  after(() => tmp.remove());

  // --quiet hid the warnings on purpose, yet the text and JUnit reports said they were "not listed
  // (--max-diagnostics-per-file)", SARIF counted them as beyond that limit and the GitHub notice blamed
  // GitHub's annotation cap: each sent the reader after the wrong option.
  it('--quiet: no report blames --max-diagnostics-per-file or the annotation cap for the hidden warnings', async () => {
    for (const format of ['text', 'junit', 'sarif', 'github']) {
      const r = await runCli(['mixed.json', '-q', '-f', format], { cwd });
      assert.equal(r.code, 1, format);
      assert.doesNotMatch(r.stdout, /max-diagnostics-per-file/, format);
      assert.doesNotMatch(r.stdout, /more findings? (were )?not (listed|annotated)/, format);
      assert.match(r.stdout, /tags\[0\]/, `${format} still lists the error`);
    }
  });

  it('--quiet with --max-diagnostics-per-file still counts the errors the limit cut', async () => {
    const r = await runCli(['mixed.json', '-q', '-f', 'text', '--max-diagnostics-per-file', '0'], { cwd });
    assert.match(r.stdout, /mixed\.json: 1 more finding not listed \(--max-diagnostics-per-file\)/);
  });

  // That --help, docs/cli.md and the option table list the same options: test/unit/cli/option-table.test.ts.
  it('--help states the default report format and which options are for the reports people read', async () => {
    const h = await runCli(['--help'], { cwd });
    assert.equal(h.code, 0);
    const formatLine = h.stdout.slice(
      h.stdout.indexOf('-f, --format'),
      h.stdout.indexOf('-o, --output-file'),
    );
    assert.match(formatLine.replace(/\s+/g, ' '), /default: stylish on a terminal, else ndjson/);
    for (const option of ['--code-frame', '--color', '--no-color', '--show-suppressed']) {
      const at = h.stdout.indexOf(`  ${option} `);
      const described = h.stdout.slice(at, h.stdout.indexOf('\n  -', at + 1)).replace(/\s+/g, ' ');
      assert.match(described, /stylish,? and text|stylish, text/, option);
    }
  });

  it('`rules --help` explains ID and --format with its default, and exits 0', async () => {
    const r = await runCli(['rules', '--help'], { cwd });
    assert.equal(r.code, 0);
    assert.match(r.stdout, /Usage: mcpdesc-validate rules \[options\] \[ID\]/);
    assert.match(r.stdout, /ID\s+.*rule/);
    assert.match(r.stdout, /--format text\|json\s+.*default: text/);
    assert.match(r.stdout, /-h, --help/);
    assert.match(r.stdout, /Exit codes:/);
    assert.equal(r.stderr, '');
  });

  it('`rules` usage errors name the problem and point at --help, exit 2', async () => {
    const r = await runCli(['rules', '--bogus'], { cwd });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /unknown option '--bogus'/);
    assert.match(r.stderr, /--help/);
    assert.equal(r.stdout, '');
  });

  // node:util parseArgs' own wording ("Unknown option '--bogus'. To specify a positional argument
  // starting with a '-', place it … as in '-- \"--bogus\"", its quotes unbalanced) reached the user.
  it('merge and compare name an unknown option in the words the main command uses', async () => {
    for (const command of ['merge', 'compare']) {
      const r = await runCli([command, '--bogus', 'a.ndjson', 'b.ndjson'], { cwd });
      assert.equal(r.code, 2, command);
      assert.equal(
        r.stderr,
        `error: unknown option '--bogus'\n(run 'mcpdesc-validate ${command} --help' for usage)\n`,
        command,
      );
      assert.doesNotMatch(r.stderr, /To specify a positional/, command);
      assert.equal(r.stdout, '', command);
    }
  });

  // compare failed on any new finding: a nightly gate whose runs use --fail-on error went red on a new
  // warning the run itself passes. --fail-on sets the lowest severity of a new finding that fails it.
  it('compare --fail-on: the lowest severity of a new finding that exits 1 (default: any)', async () => {
    const VALID =
      '{"mcpdesc":"0.7.0","info":{"name":"a","version":"1"},"transports":[{"type":"stdio","command":"x"}],' +
      '"tools":[{"name":"t","inputSchema":{"type":"object"}}]}\n';
    writeFileSync(join(cwd, 'night.json'), VALID);
    const old = await runCli(['night.json', '-f', 'ndjson'], { cwd });
    writeFileSync(join(cwd, 'old.ndjson'), old.stdout);
    writeFileSync(join(cwd, 'night.json'), WARNINGS_ONLY);
    const tonight = await runCli(['night.json', '-f', 'ndjson'], { cwd });
    assert.equal(tonight.code, 0, 'the run passes: its findings are warnings');
    writeFileSync(join(cwd, 'new.ndjson'), tonight.stdout);
    const compare = (...extra: string[]) =>
      runCli(['compare', ...extra, 'old.ndjson', 'new.ndjson'], { cwd });
    assert.equal((await compare()).code, 1, 'default: any new finding');
    assert.equal((await compare('--fail-on', 'error')).code, 0);
    assert.equal((await compare('--fail-on', 'warn')).code, 1);
    assert.equal((await compare('--fail-on', 'never')).code, 0);
    const bad = await compare('--fail-on', 'hint');
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--fail-on.*error, warning, info, never/);
    assert.match((await runCli(['compare', '--help'], { cwd })).stdout, /--fail-on LEVEL/);
  });

  // Without --cache the location was silently ignored: the user believed results were cached.
  it('--cache-location without --cache is a usage error, like --strict-baseline without --baseline', async () => {
    const r = await runCli(['mixed.json', '--cache-location', 'c'], { cwd });
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /^error: option '--cache-location <dir>' needs --cache\n\(run 'mcpdesc-validate --help' for usage\)\n$/,
    );
    assert.equal(r.stdout, '');
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

  it('colour: off when piped, on with FORCE_COLOR or --color, off again with NO_COLOR or --no-color', async () => {
    const ESC = '\u001b[';
    const run = (args: string[], env: Record<string, string> = {}) =>
      runCli(['mixed.json', '-f', 'text', ...args], { cwd, env: { NO_COLOR: '', FORCE_COLOR: '', ...env } });
    assert.ok(!(await run([])).stdout.includes(ESC), 'piped: no colour');
    assert.ok((await run([], { FORCE_COLOR: '1' })).stdout.includes(ESC), 'FORCE_COLOR=1');
    assert.ok(!(await run([], { FORCE_COLOR: '0' })).stdout.includes(ESC), 'FORCE_COLOR=0');
    assert.ok((await run(['--color'])).stdout.includes(ESC), '--color');
    assert.ok(!(await run(['--no-color'], { FORCE_COLOR: '1' })).stdout.includes(ESC), '--no-color wins');
    assert.ok((await run(['--color'], { NO_COLOR: '1' })).stdout.includes(ESC), 'an explicit --color wins');
    // Colour is for people: a report written to a file never gets it.
    const toFile = await run(['-f', 'text=report.txt', '--color']);
    assert.equal(toFile.code, 1);
    assert.ok(!readFileSync(join(cwd, 'report.txt'), 'utf8').includes(ESC), 'a report file has no colour');
  });

  it('--code-frame, --color, --show-suppressed without a report for people: said on stderr, not ignored', async () => {
    const both = await runCli(['mixed.json', '-f', 'ndjson', '--code-frame', '--color'], { cwd });
    assert.equal(both.code, 1);
    assert.match(
      both.stderr,
      /--code-frame and --color apply to the stylish and text reports only, and this run writes neither/,
    );
    const one = await runCli(['mixed.json', '-f', 'sarif', '--no-color'], { cwd });
    assert.match(one.stderr, /--no-color applies to the stylish and text reports only/);
    const hidden = await runCli(['mixed.json', '-f', 'gitlab', '--show-suppressed'], { cwd });
    assert.match(hidden.stderr, /--show-suppressed applies to the stylish and text reports only/);
    for (const format of ['text', 'stylish', 'COMPACT']) {
      const human = await runCli(
        ['mixed.json', '-f', format, '--code-frame', '--color', '--show-suppressed'],
        {
          cwd,
        },
      );
      assert.doesNotMatch(human.stderr, /reports only/, format);
    }
  });

  // MIXED lists its two warnings (tool 0) before its error (tool 1): a cap of 1 that kept a warning
  // would leave the report of a failing file with no error at all.
  it('--max-diagnostics-per-file keeps errors first, whole-file, streamed and in-process alike', async () => {
    for (const mode of [[], ['--stream-threshold', '1'], ['--concurrency', '0']]) {
      const r = await runCli(['mixed.json', '-f', 'ndjson', '--max-diagnostics-per-file', '1', ...mode], {
        cwd,
      });
      assert.equal(r.code, 1, mode.join(' '));
      const file = r.records.find((x) => x.type === 'file')!;
      const listed = r.records.filter((x) => x.type === 'diagnostic');
      assert.deepEqual(
        listed.map((d) => [d.severity, d.pointer]),
        [['error', '/tools/1/tags/0']],
        mode.join(' '),
      );
      assert.equal(file.truncated, true);
      assert.equal(file.errors, 1);
    }
  });
});
