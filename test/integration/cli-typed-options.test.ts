// What people type from other tools: -o, -v, --fail-severity, --ignore-pattern, --no-ignore, the
// --cache store outside a Node project, a command word typed wrong, and one usage-error style.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BIN, cliEnv, parseNdjson, runCli } from '../helpers/run-cli.js';
import { validDocument } from './scale-support.js';

const BROKEN = '{"mcpdesc": "0.7.0", ';
/** A valid document whose only finding is one warning (mcpdesc.document.bom). */
const warningText = (name: string) => `\uFEFF${JSON.stringify(validDocument(name, 1))}`;

function put(root: string, rel: string, text: string): void {
  const full = join(root, rel);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
}

/** The one usage-error style: `error: …` and where the help is; exit 2, nothing on stdout. */
function assertUsageError(r: { code: number | null; stdout: string; stderr: string }, message: RegExp): void {
  assert.equal(r.code, 2, r.stderr);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^error: [^\n]+\n\(run 'mcpdesc-validate --help' for usage\)\n$/);
  assert.match(r.stderr, message);
}

describe('options people type', () => {
  let cwd: string;
  before(() => {
    // No package.json anywhere above: a directory under the system's temp directory.
    cwd = mkdtempSync(join(tmpdir(), 'cli-typed-'));
    put(cwd, 'reg/a.json', JSON.stringify(validDocument('a', 1)));
    put(cwd, 'reg/old/b.json', BROKEN);
    put(cwd, 'w.json', warningText('w'));
  });
  after(() => rmSync(cwd, { recursive: true, force: true }));

  it('-v and -V print the version', async () => {
    for (const flag of ['-v', '-V', '--version']) {
      const r = await runCli([flag], { cwd });
      assert.equal(r.code, 0);
      assert.match(r.stdout, /^\d+\.\d+\.\d+\n$/, flag);
    }
  });

  it('-o, --output-file writes the report to a file (NDJSON unless -f says), nothing on stdout', async () => {
    const r = await runCli(['reg/a.json', '-o', 'out/report.ndjson'], { cwd });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, '');
    const records = parseNdjson(readFileSync(join(cwd, 'out/report.ndjson'), 'utf8'));
    assert.equal(records.at(-1)?.type, 'summary');
    const text = await runCli(['reg', '-f', 'text', '--output-file', 'out/report.txt'], { cwd });
    assert.equal(text.code, 1);
    assert.match(readFileSync(join(cwd, 'out/report.txt'), 'utf8'), /reg\/old\/b\.json:1:\d+\s+error/);
    const both = await runCli(['reg', '-f', 'text=x.txt', '-o', 'y.txt'], { cwd });
    assertUsageError(both, /every --format already names its file/);
  });

  it('report, merge and compare take -o, --output and --output-file alike', async () => {
    const run = await runCli(['reg', '-o', 'run.ndjson'], { cwd });
    assert.equal(run.code, 1, run.stderr);
    const shards: string[] = [];
    for (const k of [1, 2]) {
      const shard = await runCli(['reg', '--shard', `${k}/2`, '-o', `s${k}.ndjson`], { cwd });
      assert.equal(shard.code === 0 || shard.code === 1, true, shard.stderr);
      shards.push(`s${k}.ndjson`);
    }
    for (const flag of ['-o', '--output', '--output-file']) {
      const commands: string[][] = [
        ['report', 'run.ndjson', '-f', 'ndjson', flag, `report${flag}.ndjson`],
        ['merge', ...shards, flag, `merge${flag}.ndjson`],
        ['compare', 'run.ndjson', 'run.ndjson', flag, `compare${flag}.ndjson`],
      ];
      for (const args of commands) {
        const r = await runCli(args, { cwd });
        assert.equal(r.stdout, '', `${args.join(' ')}: nothing on stdout`);
        assert.ok(r.code === 0 || r.code === 1, `${args.join(' ')}: ${r.stderr}`);
        const records = parseNdjson(readFileSync(join(cwd, args.at(-1)!), 'utf8'));
        assert.match(String(records.at(-1)?.type), /^(summary|comparison)$/, args.join(' '));
      }
    }
    const twice = await runCli(['compare', 'run.ndjson', 'run.ndjson', '-o', 'a', '--output-file', 'b'], {
      cwd,
    });
    assert.equal(twice.code, 2);
    assert.match(
      twice.stderr,
      /^error: --output and --output-file name different files; give one\n\(run 'mcpdesc-validate compare --help' for usage\)\n$/,
    );
  });

  it("a report file's missing folders are created (the README's config example); no temp file is named", async () => {
    const dir = join(cwd, 'readme-config');
    mkdirSync(join(dir, '.git'), { recursive: true });
    put(dir, 'registry/a.json', JSON.stringify(validDocument('a', 1)));
    put(
      dir,
      'mcpdesc-validate.config.json',
      JSON.stringify({ patterns: ['registry'], formats: ['text', 'sarif=reports/mcpdesc.sarif'] }),
    );
    const r = await runCli([], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(readFileSync(join(dir, 'reports/mcpdesc.sarif'), 'utf8')).version, '2.1.0');
    // A file where the folder should be: named, and nothing else.
    const blocked = await runCli(['registry', '-f', 'ndjson=registry/a.json/x.ndjson'], { cwd: dir });
    assert.equal(blocked.code, 2);
    assert.match(blocked.stderr, /cannot write the ndjson report to registry\/a\.json\/x\.ndjson/);
    assert.doesNotMatch(blocked.stderr, /\.tmp/);
  });

  it('--fail-severity is --fail-on (Spectral); the two disagreeing is a usage error', async () => {
    const fails = await runCli(['w.json', '--fail-severity', 'warn'], { cwd });
    assert.equal(fails.code, 1, fails.stderr);
    const passes = await runCli(['w.json', '--fail-severity', 'error'], { cwd });
    assert.equal(passes.code, 0, passes.stderr);
    const both = await runCli(['w.json', '--fail-severity', 'warn', '--fail-on', 'error'], { cwd });
    assertUsageError(both, /'--fail-on' and '--fail-severity' disagree/);
  });

  it('--ignore-pattern skips matching files (ESLint); --no-ignore reads no .mcpdescignore', async () => {
    const skipped = await runCli(['reg', '--ignore-pattern', 'reg/old/**', '-f', 'ndjson'], { cwd });
    assert.equal(skipped.code, 0, skipped.stderr);
    assert.deepEqual(
      skipped.records.filter((r) => r.type === 'file').map((r) => r.file),
      ['reg/a.json'],
    );
    writeFileSync(join(cwd, '.mcpdescignore'), 'reg/old/\n');
    try {
      const ignored = await runCli(['reg', '-f', 'ndjson'], { cwd });
      assert.equal(ignored.code, 0, ignored.stderr);
      const all = await runCli(['reg', '--no-ignore', '-f', 'ndjson'], { cwd });
      assert.equal(all.code, 1, all.stderr);
      assert.equal(all.records.filter((r) => r.type === 'file').length, 2);
      assertUsageError(
        await runCli(['reg', '--no-ignore', '--ignore-path', '.mcpdescignore'], { cwd }),
        /'--no-ignore' and '--ignore-path <file>' contradict/,
      );
    } finally {
      rmSync(join(cwd, '.mcpdescignore'));
    }
  });

  it('--cache outside a Node project keeps its store in ./.mcpdesc-validate-cache/, and --help says so', async () => {
    const r = await runCli(['reg/a.json', '--cache', '-f', 'ndjson'], { cwd });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(existsSync(join(cwd, 'node_modules')), false);
    assert.equal(existsSync(join(cwd, '.mcpdesc-validate-cache')), true);
    const help = await runCli(['--help'], { cwd });
    assert.match(help.stdout.replace(/\s+/g, ' '), /else \.\/\.mcpdesc-validate-cache\//);
  });

  it('--cache in a Node project keeps it in node_modules/.cache', async () => {
    const project = join(cwd, 'project');
    put(project, 'package.json', '{}');
    put(project, 'sub/a.json', JSON.stringify(validDocument('a', 1)));
    const r = await runCli(['a.json', '--cache', '-f', 'ndjson'], { cwd: join(project, 'sub') });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(existsSync(join(project, 'sub/node_modules/.cache/mcpdesc-validate')), true);
  });
});

describe('usage errors', () => {
  let cwd: string;
  before(() => {
    cwd = mkdtempSync(join(tmpdir(), 'cli-usage-'));
    put(cwd, 'registry/a.json', JSON.stringify(validDocument('a', 1)));
  });
  after(() => rmSync(cwd, { recursive: true, force: true }));

  it('a command word typed wrong gets "did you mean" and exit 2 before any work', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['rule'], /'rule' is no file; did you mean the command 'mcpdesc-validate rules'\?/],
      [['reprot', 'x.ndjson'], /did you mean the command 'mcpdesc-validate report'\?/],
      [['help'], /did you mean 'mcpdesc-validate --help'\?/],
      [['lint', 'registry'], /'lint' is no file and no command; did you mean 'mcpdesc-validate registry'\?/],
      [['validate', 'registry'], /did you mean 'mcpdesc-validate registry'\?/],
    ];
    for (const [args, message] of cases) assertUsageError(await runCli(args, { cwd }), message);
    // A file of that name is an input like any other.
    put(cwd, 'rule', JSON.stringify(validDocument('r', 1)));
    const file = await runCli(['rule', '-f', 'ndjson'], { cwd });
    assert.doesNotMatch(file.stderr, /did you mean/);
  });

  it('--shard 5/4 names the option once', async () => {
    const r = await runCli(['registry', '--shard', '5/4'], { cwd });
    assertUsageError(r, /^error: option '--shard <K\/N>' argument '5\/4' is invalid\. The shard index/);
    assert.equal(r.stderr.match(/--shard/g)?.length, 1);
  });

  it('a config file error is worded as a usage error', async () => {
    const dir = join(cwd, 'conf');
    mkdirSync(join(dir, '.git'), { recursive: true });
    put(dir, 'mcpdesc-validate.config.json', JSON.stringify({ failOn: 'fatal' }));
    put(dir, 'a.json', '{}');
    assertUsageError(await runCli(['a.json'], { cwd: dir }), /"failOn" must be one of/);
  });
});

describe('standard input on a terminal', () => {
  // `script` gives the CLI a terminal as its standard input, as typing `mcpdesc-validate -` does.
  it('says on stderr that it reads standard input and that Ctrl-D ends it', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'cli-tty-'));
    try {
      const command = `"${process.execPath}" "${BIN}" - -f ndjson --concurrency 0`;
      const child = spawn('script', ['-qec', command, '/dev/null'], { cwd, env: cliEnv() });
      let seen = '';
      const told = new Promise<void>((resolve) => {
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          seen += chunk;
          if (/Ctrl-D/.test(seen)) resolve();
        });
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await told;
      child.stdin.write('{}\n\u0004');
      const [code] = (await once(child, 'close')) as [number | null];
      clearTimeout(timer);
      assert.match(seen, /reading standard input[^\n]*Ctrl-D/);
      assert.equal(code, 1, seen);
      assert.match(seen, /"type":"summary"/);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
