// --quiet hides warnings and notes from the report, never from the counts.
// The exit-0 and exit-1 runs of the first tests spawn the CLI; the rest run main() in-process.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { runMainAsCli } from '../helpers/run-main.js';
import { fileRecords, MIXED, put, validText } from './cli-support.js';
import { validDocument } from './scale-support.js';

describe('-f text --quiet', () => {
  const tmp = tempDir('text-quiet');
  const cwd = tmp.path;
  before(() => {
    // A warning only (mcpdesc.document.bom) in each of three files, and one valid file.
    for (const n of [1, 2, 3])
      put(cwd, `reg/w${n}.json`, `\uFEFF${JSON.stringify(validDocument(`w${n}`, 1))}`);
    put(cwd, 'reg/ok.json', validText('ok'));
  });
  after(() => tmp.remove());

  it('the closing tally counts the files the hidden warnings are in', async () => {
    const r = await runCli(['reg', '-f', 'text', '--quiet', '--max-warnings', '1'], { cwd });
    assert.equal(r.code, 1, r.stderr);
    // "3 warnings in 0 files" did not add up: the warnings are only not listed.
    assert.match(r.stdout, /✖ 0 errors, 3 warnings in 3 files with findings \(of 4\)/);
    assert.match(r.stdout, /3 warnings: more than --max-warnings 1\./);
  });

  it('with --baseline, the tally counts what it does not cover and says how much it does', async () => {
    const written = await runCli(['reg', '-f', 'ndjson', '--write-baseline', 'baseline.ndjson'], { cwd });
    assert.equal(written.code, 0, written.stderr);
    put(cwd, 'reg/w4.json', `\uFEFF${JSON.stringify(validDocument('w4', 1))}`);
    const r = await runMainAsCli(
      ['reg', '-f', 'text', '--quiet', '--baseline', 'baseline.ndjson', '--max-warnings', '0'],
      { cwd },
    );
    assert.equal(r.code, 1, r.stderr);
    // The tally counts what the baseline does not cover, as --max-warnings does. The files of the one
    // new warning cannot be told apart (--quiet keeps warnings from the report), so the tally names no
    // number of files with findings.
    assert.match(r.stdout, /✖ 0 errors, 1 warning \(5 files\)\n {2}3 findings in the baseline not listed/);
    assert.doesNotMatch(r.stdout, /w\d\.json/);
    const shown = await runMainAsCli(
      ['reg', '-f', 'text', '--quiet', '--baseline', 'baseline.ndjson', '--show-suppressed'],
      { cwd },
    );
    assert.match(shown.stdout, /✖ 0 errors, 4 warnings in 4 files with findings \(of 5\), 3 in the baseline/);
    assert.match(r.stdout, /1 warning: more than --max-warnings 0\./);
  });
});

describe('--quiet', () => {
  const tmp = tempDir('quiet');
  const cwd = tmp.path;
  before(() => {
    put(cwd, 'mixed.json', MIXED);
    put(cwd, 'roots/array.json', '[]');
  });
  after(() => tmp.remove());

  it('drops non-error diagnostics from the records but keeps their counts; the closing line too', async () => {
    const args = ['roots/array.json', '--rule', 'mcpdesc.document.root-object=warning'];
    const quiet = await runMainAsCli([...args, '--quiet', '--fail-on', 'warning'], { cwd });
    assert.equal(quiet.records.filter((x) => x.type === 'diagnostic').length, 0);
    assert.equal(fileRecords(quiet)[0]!.warnings, 1);
    assert.equal(quiet.code, 1);
    assert.equal(quiet.stderr, '');
  });

  // --quiet hid the warnings on purpose, yet the text and JUnit reports said they were "not listed
  // (--max-diagnostics-per-file)", SARIF counted them as beyond that limit and the GitHub notice blamed
  // GitHub's annotation cap: each sent the reader after the wrong option.
  it('--quiet: no report blames --max-diagnostics-per-file or the annotation cap for the hidden warnings', async () => {
    for (const format of ['text', 'junit', 'sarif', 'github']) {
      const r = await runMainAsCli(['mixed.json', '-q', '-f', format], { cwd });
      assert.equal(r.code, 1, format);
      assert.doesNotMatch(r.stdout, /max-diagnostics-per-file/, format);
      assert.doesNotMatch(r.stdout, /more findings? (were )?not (listed|annotated)/, format);
      assert.match(r.stdout, /tags\[0\]/, `${format} still lists the error`);
    }
  });

  it('--quiet with --max-diagnostics-per-file still counts the errors the limit cut', async () => {
    const r = await runMainAsCli(['mixed.json', '-q', '-f', 'text', '--max-diagnostics-per-file', '0'], {
      cwd,
    });
    assert.match(r.stdout, /mixed\.json: 1 more finding not listed \(--max-diagnostics-per-file\)/);
  });
});
