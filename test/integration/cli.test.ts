// The real CLI, spawned: every input accounted for, summary last, order, inputs, exit codes.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { SummaryRecord } from '../../src/types.js';
import { type CliResult, runCli, tempDir } from '../helpers/run-cli.js';
import { type CorpusEntry, validDocument, writeCorpus } from '../helpers/small-corpus.js';

const fileRecords = (r: CliResult) => r.records.filter((x) => x.type === 'file');
const summaryOf = (r: CliResult) => r.records.at(-1) as unknown as SummaryRecord;

/** run first, summary last, and each diagnostic followed (before any other file) by its own file record. */
function assertWellFormed(r: CliResult): void {
  assert.equal(r.records[0]?.type, 'run', 'run record first');
  assert.equal(r.records.at(-1)?.type, 'summary', 'summary record last');
  assert.equal(r.records.filter((x) => x.type === 'summary').length, 1);
  let pendingFile: unknown = null;
  for (const rec of r.records.slice(1, -1)) {
    if (rec.type === 'diagnostic') {
      assert.ok(pendingFile === null || pendingFile === rec.file, `diagnostics of ${rec.file} interleaved`);
      pendingFile = rec.file;
    } else {
      assert.equal(rec.type, 'file');
      if (pendingFile !== null)
        assert.equal(rec.file, pendingFile, 'diagnostics precede their own file record');
      pendingFile = null;
    }
  }
  assert.equal(pendingFile, null, 'no diagnostic after the last file record');
}

describe('CLI over a generated 5,000-file corpus', () => {
  const tmp = tempDir('corpus');
  let manifest: CorpusEntry[];
  let auto: CliResult;
  before(async () => {
    manifest = writeCorpus(join(tmp.path, 'reg'), { files: 5000, seed: 42 });
    auto = await runCli(['reg'], { cwd: tmp.path });
  });
  after(() => tmp.remove());

  it('writes one file record per file, in sorted order, framed by run and summary', () => {
    assertWellFormed(auto);
    const files = fileRecords(auto).map((f) => f.file);
    assert.deepEqual(
      files,
      manifest.map((m) => `reg/${m.file}`),
    );
    assert.equal(auto.records[0]!.filesPlanned, 5000);
  });

  it('finds exactly the planted defects', () => {
    const invalid = fileRecords(auto)
      .filter((f) => f.status === 'invalid')
      .map((f) => f.file);
    const planted = manifest.filter((m) => m.defect !== null).map((m) => `reg/${m.file}`);
    assert.ok(planted.length > 100, `the seed plants defects (${planted.length})`);
    assert.deepEqual(invalid, planted);
    assert.equal(fileRecords(auto).filter((f) => f.status === 'error').length, 0);
  });

  it('summarises the run and exits 1 for the findings', () => {
    const s = summaryOf(auto);
    const planted = manifest.filter((m) => m.defect !== null).length;
    assert.deepEqual(s.files, { total: 5000, valid: 5000 - planted, invalid: planted, error: 0, skipped: 0 });
    assert.equal(s.documents, 5000);
    assert.ok(s.counts.error >= planted);
    assert.equal(s.exitCode, 1);
    assert.equal(auto.code, 1);
    assert.equal(s.aborted, false);
    const bytes = fileRecords(auto).reduce((n, f) => n + (f.bytes as number), 0);
    assert.equal(s.bytes, bytes);
    assert.ok(s.throughput.filesPerSec > 0 && s.peakRssBytes > 0);
  });

  it('gives the same records in-process as with threads', async () => {
    const inProcess = await runCli(['reg', '--concurrency', '0'], { cwd: tmp.path });
    assert.equal(inProcess.records[0]!.concurrency, 0);
    const strip = (r: CliResult) => fileRecords(r).map(({ durationMs: _d, ...rest }) => rest);
    assert.deepEqual(strip(inProcess), strip(auto));
    assert.equal(inProcess.code, 1);
  });
});

describe('CLI inputs', () => {
  const tmp = tempDir('inputs');
  const cwd = tmp.path;
  before(() => {
    const write = (f: string, text: string) => {
      mkdirSync(join(cwd, f, '..'), { recursive: true });
      writeFileSync(join(cwd, f), text);
    };
    const valid = JSON.stringify(validDocument(1, () => 0.5));
    write('docs/a.json', valid);
    write('docs/b.json', valid);
    write('docs/legacy/c.json', valid);
    write('docs/legacy/d.json', 'not json');
    write(
      'docs/e.yaml',
      "mcpdesc: 0.7.0\ninfo: {name: e, version: '1'}\ntransports: [{type: stdio, command: e}]\ntools: [{name: t, inputSchema: {}}]\n",
    );
    write('docs/readme.txt', 'ignored by directory search');
    write('list.txt', 'docs/b.json\ndocs/a.json\n');
    write('roots/array.json', '[]');
  });
  after(() => tmp.remove());

  it('reads a document from stdin with -', async () => {
    const doc = JSON.stringify(validDocument(2, () => 0.1));
    const ok = await runCli(['-'], { cwd, stdin: doc });
    assertWellFormed(ok);
    assert.deepEqual(
      fileRecords(ok).map((f) => [f.file, f.status]),
      [['<stdin>', 'valid']],
    );
    assert.equal(ok.code, 0);
    const bad = await runCli(['-'], { cwd, stdin: '{"mcpdesc": ' });
    assert.deepEqual(
      fileRecords(bad).map((f) => [f.file, f.status]),
      [['<stdin>', 'invalid']],
    );
    assert.equal(bad.code, 1);
  });

  it('expands quoted globs with ! negation', async () => {
    const r = await runCli(['docs/**/*.json', '!docs/legacy/**'], { cwd });
    assert.deepEqual(
      fileRecords(r).map((f) => f.file),
      ['docs/a.json', 'docs/b.json'],
    );
    assert.equal(r.code, 0);
  });

  it('reads NUL-separated paths from stdin with --files-from - -0', async () => {
    const r = await runCli(['--files-from', '-', '-0'], { cwd, stdin: 'docs/legacy/c.json\0docs/a.json\0' });
    assert.deepEqual(
      fileRecords(r).map((f) => f.file),
      ['docs/a.json', 'docs/legacy/c.json'],
    );
    const lines = await runCli(['--files-from', 'list.txt', 'docs/a.json'], { cwd });
    assert.deepEqual(
      fileRecords(lines).map((f) => f.file),
      ['docs/a.json', 'docs/b.json'],
    );
  });

  it('honours .mcpdescignore and --ignore-path', async () => {
    writeFileSync(join(cwd, '.mcpdescignore'), 'legacy/\n');
    try {
      const r = await runCli(['docs'], { cwd });
      assert.deepEqual(
        fileRecords(r).map((f) => f.file),
        ['docs/a.json', 'docs/b.json', 'docs/e.yaml'],
      );
      writeFileSync(join(cwd, 'other-ignore'), '*.yaml\nb.json\n');
      const r2 = await runCli(['docs', '--ignore-path', 'other-ignore'], { cwd });
      assert.deepEqual(
        fileRecords(r2).map((f) => f.file),
        ['docs/a.json', 'docs/legacy/c.json', 'docs/legacy/d.json'],
      );
    } finally {
      writeFileSync(join(cwd, '.mcpdescignore'), '');
    }
  });

  it('reports a missing file as an error record, checks the rest and exits 2', async () => {
    const r = await runCli(['docs/legacy', 'docs/zzz.json'], { cwd });
    assertWellFormed(r);
    assert.deepEqual(
      fileRecords(r).map((f) => [f.file, f.status]),
      [
        ['docs/legacy/c.json', 'valid'],
        ['docs/legacy/d.json', 'invalid'],
        ['docs/zzz.json', 'error'],
      ],
    );
    assert.equal((fileRecords(r)[2]!.error as { code: string }).code, 'ENOENT');
    assert.equal(summaryOf(r).exitCode, 2);
    assert.equal(r.code, 2);
  });

  // The closing line said "1 files", and for a JSON Lines dump counted only its one file.
  it('the closing line counts files and, for JSON Lines, documents; no rate for one file', async () => {
    const one = await runCli(['--format', 'ndjson', 'docs/a.json'], { cwd });
    assert.match(one.stderr, /^mcpdesc-validate: 1 file \(all valid\): no findings, [0-9.]+ s; exit 0\n$/m);
    writeFileSync(join(cwd, 'lines.jsonl'), `${JSON.stringify(validDocument(1, () => 0.5))}\n[]\n`);
    const lines = await runCli(['--format', 'ndjson', 'lines.jsonl', 'docs/b.json'], { cwd });
    assert.match(lines.stderr, /: 2 files \(1 invalid\), 3 documents: 1 error, [0-9.]+ s; exit 1\n$/);
    for (const line of [one.stderr, lines.stderr]) assert.ok(line.trimEnd().length <= 80, line);
  });

  it('exits 2 naming the patterns when nothing matches', async () => {
    const r = await runCli(['nothing/**/*.json', 'docs/*.xml'], { cwd });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /no input files matched: "nothing\/\*\*\/\*\.json", "docs\/\*\.xml"/);
    assert.equal(summaryOf(r).exitCode, 2);
    assert.equal(fileRecords(r).length, 0);
  });

  it('exits 2 with a message naming the option for usage errors, writing nothing to stdout', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['docs', '--rule', 'mcpdesc.no.such=off'], /--rule.*Unknown rule id "mcpdesc.no.such"/],
      [['docs', '--fail-on', 'sometimes'], /--fail-on.*error, warning, info, never/],
      [['docs', '--concurrency', '-3'], /--concurrency.*Expected auto, 0/],
      [['docs', '--stream-threshold', 'big'], /--stream-threshold.*size in bytes/],
      [['docs', '--target', '9.9.9'], /--target.*0\.7\.0/],
      [['docs', '--no-such-flag'], /unknown option '--no-such-flag'/],
      [['docs', '-f', 'xml'], /--format.*ndjson/],
      [
        // A missing folder is created; a file where a folder should be is not replaced.
        ['docs', '-f', 'ndjson=docs/a.json/x.ndjson'],
        /cannot write the ndjson report to docs\/a\.json\/x\.ndjson: cannot create its folder: EEXIST/,
      ],
      [[], /no inputs given/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(args, { cwd });
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, message, args.join(' '));
      assert.equal(r.stdout, '', args.join(' '));
    }
  });

  // The errors found after commander's parse (--rule, --format, option pairs) ended without the hint
  // that commander's own errors end with.
  it('every option usage error ends with the pointer to --help', async () => {
    for (const args of [
      ['docs', '--rule', 'mcpdesc.no.such=off'],
      ['docs', '--rule', 'bad'],
      ['docs', '-f', 'xml'],
      ['docs', '--strict-baseline'],
      ['docs', '-0'],
      ['docs', '--concurrency', '-3'],
    ]) {
      const r = await runCli(args, { cwd });
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, /^error: .*\n\(run 'mcpdesc-validate --help' for usage\)\n$/, args.join(' '));
    }
  });

  it('--fail-on never and warning move the exit code, not the records', async () => {
    const never = await runCli(['docs/legacy', '--fail-on', 'never'], { cwd });
    assert.equal(never.code, 0);
    assert.equal(fileRecords(never).filter((f) => f.status === 'invalid').length, 1);
    const clean = await runCli(['docs/a.json', '--fail-on', 'warning'], { cwd });
    assert.equal(clean.code, 0);
  });

  it('--rule changes a level; --quiet drops non-error diagnostics but keeps the counts', async () => {
    const args = ['roots/array.json', '--rule', 'mcpdesc.document.root-object=warning'];
    const loud = await runCli(args, { cwd });
    const diagnostics = loud.records.filter((x) => x.type === 'diagnostic');
    assert.deepEqual(
      diagnostics.map((d) => [d.ruleId, d.severity]),
      [['mcpdesc.document.root-object', 'warning']],
    );
    assert.equal(loud.code, 0, 'a warning does not fail --fail-on error');
    assert.match(loud.stderr, /1 file \(/);
    const quiet = await runCli([...args, '--quiet', '--fail-on', 'warning'], { cwd });
    assert.equal(quiet.records.filter((x) => x.type === 'diagnostic').length, 0);
    assert.equal(fileRecords(quiet)[0]!.warnings, 1);
    assert.equal(quiet.code, 1);
    assert.equal(quiet.stderr, '');
    const off = await runCli(['roots/array.json', '--rule', 'mcpdesc.document.root-object=off'], { cwd });
    assert.equal(fileRecords(off)[0]!.status, 'valid');
    assert.equal(off.code, 0);
  });

  it('--max-diagnostics-per-file cuts the list but not the counts; --target is passed on', async () => {
    const r = await runCli(
      ['roots/array.json', '--max-diagnostics-per-file', '0', '--target', '0.9.0-rc.3'],
      { cwd },
    );
    assert.equal(r.records[0]!.target, '0.9.0-rc.3');
    assert.equal(r.records.filter((x) => x.type === 'diagnostic').length, 0);
    const [file] = fileRecords(r);
    assert.equal(file!.errors, 1);
    assert.equal(file!.truncated, true);
    assert.equal(file!.status, 'invalid');
    assert.equal(summaryOf(r).counts.error, 1);
    assert.equal(r.code, 1);
  });

  it('--max-file-size skips larger files with a record saying why', async () => {
    const r = await runCli(['docs/a.json', 'docs/e.yaml', '--max-file-size', '130'], { cwd });
    assert.deepEqual(
      fileRecords(r).map((f) => [f.file, f.status]),
      [
        ['docs/a.json', 'skipped'],
        ['docs/e.yaml', 'valid'],
      ],
    );
    assert.equal(summaryOf(r).files.skipped, 1);
    assert.equal(r.code, 0);
  });

  it('--format text on stdout, and --format ndjson=PATH alongside', async () => {
    const r = await runCli(['docs/legacy', '-f', 'text', '-f', 'ndjson=out.ndjson'], { cwd });
    // The text layout belongs to the text reporter; here only: the finding is on stdout, as text.
    assert.match(r.stdout, /docs\/legacy\/d\.json/);
    assert.match(r.stdout, /mcpdesc\.document\.syntax/);
    assert.ok(!r.stdout.includes('{"type"'));
    const written = readFileSync(join(cwd, 'out.ndjson'), 'utf8').trim().split('\n');
    assert.equal(JSON.parse(written[0]!).type, 'run');
    assert.equal(JSON.parse(written.at(-1)!).type, 'summary');
    assert.deepEqual(
      readdirSync(cwd).filter((f) => f.endsWith('.tmp')),
      [],
      'the temporary report file was renamed into place',
    );
    assert.equal(r.code, 1);
  });

  it('--version and --help print to stdout and exit 0', async () => {
    const v = await runCli(['--version'], { cwd });
    assert.match(v.stdout.trim(), /^\d+\.\d+\.\d+/);
    assert.equal(v.code, 0);
    const h = await runCli(['--help'], { cwd });
    assert.match(h.stdout, /--files-from/);
    assert.match(h.stdout, /Exit codes/);
    for (const listed of [/--shard <K\/N>/, /--cache\b/, /--baseline <file>/, /\bmerge\b/, /\bcompare\b/]) {
      assert.match(h.stdout, listed);
    }
    assert.equal(h.code, 0);
  });
});
