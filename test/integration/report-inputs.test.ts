// What `report`, `merge`, `compare` and --baseline accept as an NDJSON report, and how they word what
// they refuse: concatenated reports, other formats, a byte order mark, an empty file, a report piped in.
// main() runs in-process (runMainAsCli) for verdicts and messages; spawned, for exit codes as a shell
// sees them, are one merge exiting 1, merge and compare given a report piped in, and one run exiting 0.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { runMainAsCli } from '../helpers/run-main.js';
import { BROKEN, put, validText } from './cli-support.js';

describe('report of concatenated reports (cat shard-*.ndjson > all.ndjson)', () => {
  const tmp = tempDir('report-cat');
  const cwd = tmp.path;
  before(() => {
    for (let n = 0; n < 30; n++) put(cwd, `reg/f${String(n).padStart(2, '0')}.json`, validText(`f${n}`));
  });
  after(() => tmp.remove());

  it('says so once, not once per record after the first summary', async () => {
    const run = await runCli(['reg', '-f', 'ndjson'], { cwd });
    assert.equal(run.code, 0, run.stderr);
    writeFileSync(join(cwd, 'all.ndjson'), run.stdout + run.stdout);
    const r = await runMainAsCli(['report', 'all.ndjson', '-f', 'text'], { cwd });
    assert.equal(r.code, 2);
    const lines = r.stderr.trimEnd().split('\n');
    // 32 records follow the first summary (a run record, 30 file records, a summary).
    assert.ok(lines.length <= 3, `one message per record:\n${r.stderr}`);
    assert.match(r.stderr, /all\.ndjson:33: record after the summary/);
    assert.match(r.stderr, /all\.ndjson: 31 more records after the summary/);
  });
});

describe('report of a file that is not an NDJSON report', () => {
  const tmp = tempDir('report-not-ndjson');
  const cwd = tmp.path;
  before(() => {
    for (let n = 0; n < 5; n++) put(cwd, `reg/f${n}.json`, n % 2 ? BROKEN : validText(`f${n}`));
  });
  after(() => tmp.remove());

  it('says so once, for a SARIF log, a GitLab report or a gzip file not named .gz', async () => {
    const sarif = await runMainAsCli(['reg', '-f', 'sarif'], { cwd });
    writeFileSync(join(cwd, 'results.sarif'), sarif.stdout);
    const gitlab = await runMainAsCli(['reg', '-f', 'gitlab'], { cwd });
    writeFileSync(join(cwd, 'gl-code-quality.json'), gitlab.stdout);
    const ndjson = await runMainAsCli(['reg', '-f', 'ndjson'], { cwd });
    writeFileSync(join(cwd, 'results.ndjson'), gzipSync(ndjson.stdout));
    for (const [input, hint] of [
      ['results.sarif', /results\.sarif:1: not a JSON record: not an NDJSON report/],
      ['gl-code-quality.json', /gl-code-quality\.json:1: not a JSON record: not an NDJSON report/],
      ['results.ndjson', /results\.ndjson:1: not a JSON record: .*gzip-compressed\? name it \.gz/],
    ] as const) {
      const r = await runMainAsCli(['report', input, '-f', 'text'], { cwd });
      assert.equal(r.code, 2, r.stderr);
      assert.equal(r.stdout, '');
      // It was one message per line of the file (a SARIF log of a big run has hundreds of thousands).
      assert.equal(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
      assert.match(r.stderr, hint);
    }
  });
});

describe('an NDJSON report that starts with a UTF-8 byte order mark', () => {
  const tmp = tempDir('report-bom');
  const cwd = tmp.path;
  before(() => {
    put(cwd, 'reg/ok.json', validText('ok'));
    put(cwd, 'reg/bad.json', BROKEN);
  });
  after(() => tmp.remove());

  // Windows tools write one (PowerShell's Out-File -Encoding utf8, Set-Content); RFC 8259 §8.1 lets a
  // reader ignore it, as the validator does for documents.
  it('is read as without it, by report, merge and --baseline', async () => {
    const run = await runMainAsCli(['reg', '-f', 'ndjson'], { cwd });
    assert.equal(run.code, 1, run.stderr);
    writeFileSync(join(cwd, 'plain.ndjson'), run.stdout);
    writeFileSync(join(cwd, 'bom.ndjson'), `\uFEFF${run.stdout}`);
    const plain = await runMainAsCli(['report', 'plain.ndjson', '-f', 'gitlab'], { cwd });
    const bom = await runMainAsCli(['report', 'bom.ndjson', '-f', 'gitlab'], { cwd });
    assert.equal(bom.code, 1, bom.stderr);
    assert.equal(bom.stdout, plain.stdout);
    const merged = await runCli(['merge', 'bom.ndjson'], { cwd });
    assert.equal(merged.code, 1, merged.stderr);
    const baselined = await runMainAsCli(['reg', '-f', 'ndjson', '--baseline', 'bom.ndjson'], { cwd });
    assert.equal(baselined.code, 0, baselined.stderr);
  });
});

describe('report of an empty file', () => {
  const tmp = tempDir('report-empty');
  const cwd = tmp.path;
  before(() => {
    put(cwd, 'empty.ndjson', '');
    put(cwd, 'blank.ndjson', '\n\n');
  });
  after(() => tmp.remove());

  it('says the report is empty, not that it is some other format', async () => {
    for (const name of ['empty.ndjson', 'blank.ndjson']) {
      const r = await runMainAsCli(['report', name, '-f', 'text'], { cwd });
      assert.equal(r.code, 2);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, new RegExp(`${name.replace('.', '\\.')} is empty: no run record`));
      assert.doesNotMatch(r.stderr, /not mcpdesc-validate NDJSON/);
    }
  });
});

describe('merge - and compare - (a report piped in)', () => {
  const tmp = tempDir('report-dash');
  const cwd = tmp.path;
  after(() => tmp.remove());

  it('merge and compare say that reports are read from files, not that "-" does not exist', async () => {
    for (const args of [
      ['merge', '-'],
      ['compare', '-', 'x.ndjson'],
    ]) {
      const r = await runCli(args, { cwd, stdin: '{"type":"run"}\n' });
      assert.equal(r.code, 2, r.stderr);
      assert.doesNotMatch(r.stderr, /cannot read -: no such file/);
      assert.match(r.stderr, /standard input/);
    }
  });
});
