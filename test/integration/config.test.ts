// The config file (mcpdesc-validate.config.json): discovery from the working directory up to the
// repository root, --config, --no-config, --print-config, precedence (defaults < config < command
// line), paths relative to the config file, every kind of error, the run record and `merge`. Each
// test runs the CLI (the real one, or main() in-process) in a temporary tree it builds itself.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type CliResult, runCli as spawnCli } from '../helpers/run-cli.js';
import { runMainAsCli } from '../helpers/run-main.js';
import { validDocument } from './scale-support.js';

type Rec = CliResult['records'][number];

// Discovery from the process's working directory spawns the real CLI; the rest run main() in-process.
const runCli = runMainAsCli;

const CONFIG = 'mcpdesc-validate.config.json';
/** A valid document whose only finding is one warning (mcpdesc.document.bom). */
const warningText = (name: string) => `\uFEFF${JSON.stringify(validDocument(name, 1))}`;
const validText = (name: string) => JSON.stringify(validDocument(name, 1), null, 2);

function put(root: string, rel: string, text: string | object): void {
  const full = join(root, rel);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, typeof text === 'string' ? text : JSON.stringify(text, null, 2));
}

const runOf = (r: CliResult): Rec => {
  const run = r.records[0];
  assert.equal(run?.type, 'run', `first record is the run; stderr: ${r.stderr}`);
  return run!;
};
const optionsOf = (r: CliResult) => runOf(r).options as Record<string, unknown>;
const filesOf = (r: CliResult) => r.records.filter((x) => x.type === 'file').map((x) => x.file);
const printed = (r: CliResult) => {
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout) as {
    configFile: string | null;
    settings: Record<string, unknown>;
    sources: Record<string, unknown>;
  };
};

let root: string;
before(() => {
  root = mkdtempSync(join(tmpdir(), 'cli-config-'));
});
after(() => rmSync(root, { recursive: true, force: true }));

/** A fresh directory under the test root. */
let count = 0;
function tree(): string {
  const dir = join(root, `t${++count}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

describe('config file discovery', () => {
  it('is found from the working directory upward; its patterns are the inputs, relative to it', async () => {
    const repo = tree();
    mkdirSync(join(repo, '.git'));
    put(repo, 'registry/a.json', validText('a'));
    put(repo, 'registry/w.json', warningText('w'));
    put(repo, CONFIG, { patterns: ['registry'], failOn: 'warning' });
    mkdirSync(join(repo, 'sub/deep'), { recursive: true });
    const r = await spawnCli(['-f', 'ndjson'], { cwd: join(repo, 'sub/deep') });
    assert.equal(r.code, 1, r.stderr);
    assert.deepEqual(filesOf(r), ['../../registry/a.json', '../../registry/w.json']);
    // The run record says where the settings came from, as a path from the working directory.
    assert.equal(optionsOf(r).config, `../../${CONFIG}`);
    assert.equal(optionsOf(r).failOn, 'warning');
    // From the repository root itself.
    const top = await spawnCli(['-f', 'ndjson'], { cwd: repo });
    assert.deepEqual(filesOf(top), ['registry/a.json', 'registry/w.json']);
    assert.equal(optionsOf(top).config, CONFIG);
  });

  it('stops at the repository root: a .git directory, or a .git file (worktree, submodule)', async () => {
    for (const gitIsFile of [false, true]) {
      const outer = tree();
      // Would fail every run that read it.
      put(outer, CONFIG, { failOn: 'fatal' });
      const repo = join(outer, 'repo');
      if (gitIsFile) put(repo, '.git', 'gitdir: /elsewhere/.git/worktrees/repo\n');
      else mkdirSync(join(repo, '.git'), { recursive: true });
      put(repo, 'a.json', validText('a'));
      const r = await spawnCli(['a.json', '-f', 'ndjson'], { cwd: join(repo) });
      assert.equal(r.code, 0, `${gitIsFile ? '.git file' : '.git dir'}: ${r.stderr}`);
      assert.equal(optionsOf(r).config, undefined);
      // Outside the repository the same file is found, and refused.
      const outside = await spawnCli(['repo/a.json'], { cwd: outer });
      assert.equal(outside.code, 2);
      assert.match(outside.stderr, /mcpdesc-validate\.config\.json: "failOn" must be one of/);
    }
  });

  it('a config file in the repository root is still read when the search stops there', async () => {
    const repo = tree();
    mkdirSync(join(repo, '.git'));
    put(repo, CONFIG, { maxDiagnosticsPerFile: 7 });
    mkdirSync(join(repo, 'sub'));
    const p = printed(await spawnCli(['--print-config'], { cwd: join(repo, 'sub') }));
    assert.equal(p.configFile, `../${CONFIG}`);
    assert.equal(p.settings.maxDiagnosticsPerFile, 7);
  });

  it('--config names one anywhere (relative paths inside it are relative to it); --no-config ignores discovery', async () => {
    const repo = tree();
    mkdirSync(join(repo, '.git'));
    put(repo, CONFIG, '{ this is not JSON');
    put(repo, 'docs/w.json', warningText('w'));
    put(repo, 'ci/settings.json', { patterns: ['../docs'], failOn: 'warning' });
    const named = await spawnCli(['--config', './ci/settings.json', '-f', 'ndjson'], { cwd: repo });
    assert.equal(named.code, 1, named.stderr);
    assert.deepEqual(filesOf(named), ['docs/w.json']);
    assert.equal(optionsOf(named).config, 'ci/settings.json');
    // The broken discovered file is not read with --no-config.
    const none = await spawnCli(['--no-config', 'docs', '-f', 'ndjson'], { cwd: repo });
    assert.equal(none.code, 0, none.stderr);
    assert.equal(optionsOf(none).config, undefined);
    assert.equal(optionsOf(none).failOn, 'error');
    // Nor is a config without it.
    const broken = await spawnCli(['docs'], { cwd: repo });
    assert.equal(broken.code, 2);
    assert.match(broken.stderr, /^error: mcpdesc-validate\.config\.json:1:3: /);
  });
});

describe('--print-config', () => {
  it('prints the effective settings and where each came from, exits 0 and checks nothing', async () => {
    const repo = tree();
    mkdirSync(join(repo, '.git'));
    put(repo, CONFIG, {
      $schema: './node_modules/mcpdesc-validate/schemas/config.schema.json',
      patterns: ['registry', '!registry/old/**'],
      failOn: 'warn',
      maxFileSize: '1MiB',
      concurrency: 'off',
      rules: { 'mcpdesc.tool.members': 'warn', 'mcpdesc.document.bom': 'off' },
      formats: ['ndjson', 'sarif=out/results.sarif'],
      baseline: 'baseline.json',
    });
    mkdirSync(join(repo, 'sub'));
    const p = printed(
      await runCli(['--print-config', '--rule', 'mcpdesc.tool.members=error', '--max-warnings', '3'], {
        cwd: join(repo, 'sub'),
      }),
    );
    assert.equal(p.configFile, `../${CONFIG}`);
    assert.deepEqual(p.settings.patterns, ['../registry', '!../registry/old/**']);
    assert.equal(p.settings.failOn, 'warning');
    assert.equal(p.settings.maxFileSize, 1024 * 1024);
    assert.equal(p.settings.concurrency, 0);
    assert.equal(p.settings.maxWarnings, 3);
    assert.equal(p.settings.streamThreshold, 64 * 1024 * 1024);
    assert.deepEqual(p.settings.rules, { 'mcpdesc.tool.members': 'error', 'mcpdesc.document.bom': 'off' });
    assert.deepEqual(p.settings.formats, ['ndjson', 'sarif=../out/results.sarif']);
    assert.equal(p.settings.baseline, '../baseline.json');
    assert.equal(p.sources.failOn, 'config');
    assert.equal(p.sources.maxWarnings, 'cli');
    assert.equal(p.sources.streamThreshold, 'default');
    assert.equal(p.sources.patterns, 'config');
    assert.equal(p.sources.formats, 'config');
    assert.deepEqual(p.sources.rules, { 'mcpdesc.document.bom': 'config', 'mcpdesc.tool.members': 'cli' });
    // Nothing was run: no report file, no baseline needed.
    assert.equal(existsSync(join(repo, 'out')), false);
  });

  it('without a config file: configFile null, every source the default or the command line', async () => {
    const dir = tree();
    mkdirSync(join(dir, '.git'));
    const p = printed(await runCli(['--print-config', '--no-config', 'x.json', '-f', 'text'], { cwd: dir }));
    assert.equal(p.configFile, null);
    assert.deepEqual(p.settings.patterns, ['x.json']);
    assert.deepEqual(p.settings.formats, ['text']);
    assert.equal(p.sources.patterns, 'cli');
    assert.equal(p.sources.failOn, 'default');
  });

  it('still refuses a bad config or a bad flag (exit 2, nothing on stdout)', async () => {
    const dir = tree();
    mkdirSync(join(dir, '.git'));
    put(dir, CONFIG, { quiet: 'yes' });
    const r = await runCli(['--print-config'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    const flag = await runCli(['--print-config', '--no-config', '--fail-on', 'x'], { cwd: dir });
    assert.equal(flag.code, 2);
    assert.equal(flag.stdout, '');
  });
});

describe('precedence: defaults < config file < command line', () => {
  let repo: string;
  before(() => {
    repo = tree();
    mkdirSync(join(repo, '.git'));
    put(repo, 'registry/a.json', validText('a'));
    put(repo, 'registry/w.json', warningText('w'));
    put(repo, 'other/b.json', validText('b'));
    // A report's directory must exist, as for -f NAME=PATH.
    mkdirSync(join(repo, 'out'));
    put(repo, CONFIG, {
      patterns: ['registry'],
      failOn: 'warning',
      quiet: true,
      maxDiagnosticsPerFile: 5,
      rules: { 'mcpdesc.document.bom': 'error', 'mcpdesc.tool.members': 'off' },
      formats: ['ndjson', 'json=out/report.json'],
    });
  });

  it('the config sets what the command line does not give', async () => {
    const r = await runCli([], { cwd: repo });
    assert.equal(r.code, 1, r.stderr);
    const options = optionsOf(r);
    assert.equal(options.failOn, 'warning');
    assert.equal(options.quiet, true);
    assert.equal(options.maxDiagnosticsPerFile, 5);
    assert.deepEqual(options.ruleLevels, { 'mcpdesc.document.bom': 'error', 'mcpdesc.tool.members': 'off' });
    assert.deepEqual(options.formats, ['ndjson', 'json=out/report.json']);
    assert.ok(existsSync(join(repo, 'out/report.json')));
    // The bom rule at error: the finding is an error, so --quiet keeps it.
    const diag = r.records.find((x) => x.type === 'diagnostic');
    assert.equal(diag?.ruleId, 'mcpdesc.document.bom');
    assert.equal(diag?.severity, 'error');
  });

  it('"stats": true times the run as --stats does (file timings, summary stats)', async () => {
    const dir = tree();
    put(dir, 'a.json', validText('a'));
    put(dir, CONFIG, { patterns: ['a.json'], stats: true });
    const r = await runCli(['--concurrency', '0'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(optionsOf(r).stats, true);
    const file = r.records.find((x) => x.type === 'file');
    assert.equal(typeof (file?.timings as Record<string, unknown> | undefined)?.validateMs, 'number');
    assert.ok(r.records.at(-1)?.stats, 'the summary has stats');
    assert.equal(printed(await runCli(['--print-config'], { cwd: dir })).settings.stats, true);
  });

  it('a flag on the command line wins; --rule overrides only the ids it names; -f replaces the formats', async () => {
    const r = await runCli(
      [
        '--fail-on',
        'never',
        '--rule',
        'mcpdesc.document.bom=warn',
        '-f',
        'ndjson',
        '--max-diagnostics-per-file',
        '9',
      ],
      { cwd: repo },
    );
    assert.equal(r.code, 0, r.stderr);
    const options = optionsOf(r);
    assert.equal(options.failOn, 'never');
    assert.equal(options.maxDiagnosticsPerFile, 9);
    assert.deepEqual(options.ruleLevels, {
      'mcpdesc.document.bom': 'warning',
      'mcpdesc.tool.members': 'off',
    });
    assert.deepEqual(options.formats, ['ndjson']);
    assert.equal(options.quiet, true);
  });

  it('inputs on the command line replace the config patterns; negations alone add to them', async () => {
    const named = await runCli(['other'], { cwd: repo });
    assert.deepEqual(filesOf(named), ['other/b.json']);
    const negated = await runCli(['!registry/w.json', '--fail-on', 'error'], { cwd: repo });
    assert.equal(negated.code, 0, negated.stderr);
    assert.deepEqual(filesOf(negated), ['registry/a.json']);
    // --files-from names the inputs too.
    put(repo, 'list.txt', 'other/b.json\n');
    const listed = await runCli(['--files-from', 'list.txt'], { cwd: repo });
    assert.deepEqual(filesOf(listed), ['other/b.json']);
  });
});

describe('paths in the config file are relative to its directory', () => {
  it('baseline, cacheLocation, ignorePath, patterns and formats =path, in a --config file elsewhere', async () => {
    const repo = tree();
    mkdirSync(join(repo, '.git'));
    put(repo, 'registry/a.json', validText('a'));
    put(repo, 'registry/w.json', warningText('w'));
    put(repo, 'registry/skip/s.json', '{ broken');
    put(repo, 'ci/ignore', 'skip/\n');
    // The baseline is written first, without a config; it records registry/w.json's warning.
    const base = await runCli(
      ['--no-config', 'registry/w.json', '--write-baseline', 'ci/baseline.json', '-f', 'ndjson'],
      { cwd: repo },
    );
    assert.equal(base.code, 0, base.stderr);
    assert.ok(existsSync(join(repo, 'ci/baseline.json')));
    mkdirSync(join(repo, 'ci/out'));
    // Every path relative to ci/, where the file is, not to the working directory (the repository root).
    put(repo, 'ci/settings.json', {
      patterns: ['../registry'],
      ignorePath: 'ignore',
      baseline: 'baseline.json',
      failOn: 'warning',
      cache: true,
      cacheLocation: 'cache',
      formats: ['ndjson', 'junit=out/junit.xml'],
    });
    const r = await runCli(['--config', 'ci/settings.json'], { cwd: repo });
    // The warning is in the baseline; the broken file is ignored through ci/ignore.
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(filesOf(r), ['registry/a.json', 'registry/w.json']);
    const diag = r.records.find((x) => x.type === 'diagnostic');
    assert.equal(diag?.suppressed, true);
    assert.equal(optionsOf(r).baseline, 'ci/baseline.json');
    assert.ok(existsSync(join(repo, 'ci/out/junit.xml')), 'junit report beside the config');
    assert.ok(existsSync(join(repo, 'ci/cache')), 'cache store beside the config');
    for (const stray of ['out', 'cache', 'baseline.json']) {
      assert.equal(existsSync(join(repo, stray)), false, `${stray} relative to the working directory`);
    }
    // Without the config's ignore file the broken file is checked (and fails the run).
    put(repo, 'ci/none', '');
    const unignored = await runCli(['--config', 'ci/settings.json', '--ignore-path', 'ci/none'], {
      cwd: repo,
    });
    assert.equal(unignored.code, 1, unignored.stderr);
  });
});

describe('config file errors are usage errors (exit 2) naming the file and the key', () => {
  const cases: Array<[string, string, RegExp]> = [
    [
      'unknown key',
      JSON.stringify({ failon: 'error' }),
      /^error: mcpdesc-validate\.config\.json: unknown key "failon" \(known: patterns, /,
    ],
    [
      'bad value',
      JSON.stringify({ failOn: 'fatal' }),
      /^error: mcpdesc-validate\.config\.json: "failOn" must be one of error, warning, info, never; found "fatal"\n/,
    ],
    ['wrong type', JSON.stringify({ quiet: 'yes' }), /: "quiet" must be true or false; found "yes"/],
    [
      'wrong type (number)',
      JSON.stringify({ maxWarnings: '10' }),
      /: "maxWarnings" must be a non-negative integer \(or -1 for no limit\); found "10"/,
    ],
    [
      'bad size',
      JSON.stringify({ maxFileSize: '10 parsecs' }),
      /: "maxFileSize" must be a size: .*found "10 parsecs"/,
    ],
    [
      'bad concurrency',
      JSON.stringify({ concurrency: 2000 }),
      /: "concurrency" must be "auto", "off" or a number of threads/,
    ],
    [
      'unknown rule id',
      JSON.stringify({ rules: { 'mcpdesc.no.such': 'off' } }),
      /: "rules" names an unknown rule id "mcpdesc\.no\.such"/,
    ],
    [
      'bad rule level',
      JSON.stringify({ rules: { 'mcpdesc.tool.members': 'fatal' } }),
      /: "rules"\."mcpdesc\.tool\.members" must be one of off, info, warning, error; found "fatal"/,
    ],
    [
      'bad format',
      JSON.stringify({ formats: ['pdf'] }),
      /: "formats"\[0\] "pdf" is invalid: Expected one of /,
    ],
    [
      'two formats on stdout',
      JSON.stringify({ formats: ['ndjson', 'text'] }),
      /: "formats": only one format may write to stdout/,
    ],
    ['stdin pattern', JSON.stringify({ patterns: ['-'] }), /: "patterns"\[0\] cannot be "-"/],
    ['not an object', '["registry"]', /: must hold a JSON object of settings; found an array/],
    [
      'invalid JSON',
      '{\n  "failOn": "error",\n  "quiet": tru\n}\n',
      /^error: mcpdesc-validate\.config\.json:3:12: Invalid JSON/,
    ],
    ['trailing comma', '{\n  "quiet": true,\n}\n', /^error: mcpdesc-validate\.config\.json:3:1: /],
    ['empty file', '', /^error: mcpdesc-validate\.config\.json:1:1: /],
    [
      'duplicate key',
      '{\n  "failOn": "error",\n  "failOn": "never"\n}\n',
      /^error: mcpdesc-validate\.config\.json:3:3: "failOn" is given twice/,
    ],
    [
      'strictBaseline without baseline',
      JSON.stringify({ strictBaseline: true }),
      /^error: mcpdesc-validate\.config\.json: "strictBaseline" needs "baseline" \(or --baseline <file>\)/,
    ],
  ];
  for (const [name, text, expected] of cases) {
    it(name, async () => {
      const dir = tree();
      mkdirSync(join(dir, '.git'));
      put(dir, 'a.json', validText('a'));
      put(dir, CONFIG, text);
      const r = await runCli(['a.json'], { cwd: dir });
      assert.equal(r.code, 2, r.stderr);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, expected);
      assert.match(r.stderr, /\n\(run 'mcpdesc-validate --help' for usage\)\n$/);
    });
  }

  it('--config of a missing file, and --config with --no-config', async () => {
    const dir = tree();
    put(dir, 'a.json', validText('a'));
    const missing = await runCli(['--config', 'nope.json', 'a.json'], { cwd: dir });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /^error: cannot read the config file nope\.json: no such file/);
    const empty = await runCli(['--config', '', 'a.json'], { cwd: dir });
    assert.equal(empty.code, 2);
    assert.match(empty.stderr, /^error: option '--config <file>' needs a file name/);
    const both = await runCli(['--config', 'nope.json', '--no-config', 'a.json'], { cwd: dir });
    assert.equal(both.code, 2);
    assert.match(both.stderr, /'--config <file>' and '--no-config' contradict each other/);
  });

  it('--strict-baseline from the config is satisfied by --baseline on the command line', async () => {
    const dir = tree();
    mkdirSync(join(dir, '.git'));
    put(dir, 'w.json', warningText('w'));
    put(dir, CONFIG, { strictBaseline: true });
    const base = await runCli(['--no-config', 'w.json', '--write-baseline', 'b.json'], { cwd: dir });
    assert.equal(base.code, 0, base.stderr);
    const r = await runCli(['w.json', '--baseline', 'b.json', '-f', 'ndjson'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(optionsOf(r).strictBaseline, true);
  });
});

describe('merge of shards configured differently', () => {
  it('merges shards whose effective options agree (config or flags); refuses ones that differ', async () => {
    const dir = tree();
    mkdirSync(join(dir, '.git'));
    for (const n of [1, 2, 3, 4, 5, 6])
      put(dir, `registry/d${n}.json`, n % 2 ? warningText(`d${n}`) : validText(`d${n}`));
    put(dir, 'ci/config.json', { patterns: ['../registry'], failOn: 'warning', maxWarnings: 10 });
    const viaConfig = await runCli(
      ['--config', 'ci/config.json', '--shard', '1/2', '-f', 'ndjson=s1.ndjson'],
      {
        cwd: dir,
      },
    );
    assert.equal(viaConfig.code === 0 || viaConfig.code === 1, true, viaConfig.stderr);
    const viaFlags = await runCli(
      [
        'registry',
        '--fail-on',
        'warning',
        '--max-warnings',
        '10',
        '--shard',
        '2/2',
        '-f',
        'ndjson=s2.ndjson',
      ],
      { cwd: dir },
    );
    assert.equal(viaFlags.code === 0 || viaFlags.code === 1, true, viaFlags.stderr);
    assert.equal(
      JSON.parse(readFileSync(join(dir, 's1.ndjson'), 'utf8').split('\n')[0]!).options.config,
      'ci/config.json',
    );
    const merged = await runCli(['merge', 's1.ndjson', 's2.ndjson'], { cwd: dir });
    assert.equal(merged.code, 1, merged.stderr);
    assert.equal(merged.records.filter((x) => x.type === 'file').length, 6);

    const differs = await runCli(
      ['registry', '--fail-on', 'error', '--max-warnings', '10', '--shard', '2/2', '-f', 'ndjson=s2b.ndjson'],
      { cwd: dir },
    );
    assert.equal(differs.code, 0, differs.stderr);
    const refused = await runCli(['merge', 's1.ndjson', 's2b.ndjson'], { cwd: dir });
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /different options: failOn differs/);
  });
});
