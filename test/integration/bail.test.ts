// --bail: the run stops after the first file with an error; the files it left are counted as not
// checked, in the run's records, in `report` of them and in every format.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type CliResult, runCli, tempDir } from '../helpers/run-cli.js';
import { runMainAsCli } from '../helpers/run-main.js';
import { BROKEN, ofType, put, type Rec, summaryOf, validText } from './cli-support.js';
import { validDocument } from './scale-support.js';

describe('--bail', () => {
  let cwd: string;
  before(() => {
    cwd = mkdtempSync(join(tmpdir(), 'mcpdesc-bail-'));
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
      const r = await runMainAsCli(
        ['reg', '-f', 'ndjson', '--bail', '--concurrency', '0', '--shard', `${k}/2`],
        {
          cwd,
        },
      );
      assert.ok(r.code === 0 || r.code === 1, r.stderr);
      const name = `bail-shard-${k}.ndjson`;
      writeFileSync(join(cwd, name), r.stdout);
      shards.push(name);
    }
    const merged = await runMainAsCli(['merge', ...shards], { cwd });
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
      const r = await runMainAsCli(['reg', '-f', 'ndjson', '--concurrency', '0', ...args], { cwd });
      const { checked, skipped } = assertComplete(r);
      assert.ok(checked.filter((f) => f.status === 'invalid').length >= 3, args.join(' '));
      assert.ok(skipped.length > 0, args.join(' '));
      assert.equal((summaryOf(r).bail as Rec).limit, 3);
    }
  });

  it('a word after --bail that is not a number is an input', async () => {
    const r = await runMainAsCli(['--bail', 'reg', '-f', 'ndjson', '--concurrency', '0'], { cwd });
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
    const r = await runMainAsCli(['lines', '-f', 'ndjson', '--bail', '--concurrency', '0'], { cwd });
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
    const warm = await runMainAsCli(['reg', '-f', 'ndjson', '--concurrency', '0', ...cache], { cwd });
    assert.equal(warm.code, 1);
    const bailed = await runMainAsCli(['reg', '-f', 'ndjson', '--concurrency', '0', '--bail', ...cache], {
      cwd,
    });
    const { skipped } = assertComplete(bailed);
    assert.ok(skipped.length > 0, 'replayed hits after the stop are skipped as well');
    const again = await runMainAsCli(['reg', '-f', 'ndjson', '--concurrency', '0', ...cache], { cwd });
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
    const write = await runMainAsCli(['.', '-f', 'ndjson', '--write-baseline', 'base.ndjson'], { cwd: dir });
    assert.equal(write.code, 1);
    put(dir, 'a0.json', BROKEN); // new: not in the baseline, first in order
    const r = await runMainAsCli(
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
    for (const [i, [args, message]] of cases.entries()) {
      // The first as the shell sees its exit code; the others are verdicts of main() in-process.
      const r = await (i === 0 ? runCli : runMainAsCli)(['reg', ...args], { cwd });
      assert.equal(r.code, 2, args.join(' '));
      assert.equal(r.stdout, '');
      assert.match(r.stderr, message);
    }
  });

  it('the text report names the stop once instead of listing every skipped file', async () => {
    const r = await runMainAsCli(['reg', '-f', 'text', '--bail', '--concurrency', '0'], { cwd });
    assert.doesNotMatch(r.stdout, /EBAIL/);
    assert.match(r.stdout, /Stopped by --bail 1: \d+ files not checked\./);
  });

  it('GitHub and SARIF reports give one notice for the files --bail left, not one per file', async () => {
    const github = await runMainAsCli(['reg', '-f', 'github', '--bail', '--concurrency', '0'], { cwd });
    assert.doesNotMatch(github.stdout, /EBAIL/);
    assert.match(
      github.stdout,
      /^::notice title=mcpdesc-validate::Stopped by --bail 1: \d+ files not checked\.$/m,
    );
    const sarif = await runMainAsCli(['reg', '-f', 'sarif', '--bail', '--concurrency', '0'], { cwd });
    const notes = JSON.parse(sarif.stdout).runs[0].invocations[0].toolExecutionNotifications as Array<{
      message: { text: string };
    }>;
    assert.deepEqual(
      notes.map((n) => n.message.text.replace(/\d+ files/, 'N files')),
      ['Stopped by --bail 1: N files not checked.'],
    );
  });
});

describe('report of a --bail run that was cut short', () => {
  const tmp = tempDir('report-bail');
  const cwd = tmp.path;
  before(() => {
    put(cwd, 'reg/a.json', BROKEN);
    for (const n of [1, 2, 3, 4]) put(cwd, `reg/b${n}.json`, validText(`b${n}`));
  });
  after(() => tmp.remove());

  it('counts the files --bail left as not checked, not as unreadable', async () => {
    const run = await runMainAsCli(['reg', '--bail', '--concurrency', '0', '-f', 'ndjson'], { cwd });
    assert.equal(run.code, 1, run.stderr);
    const skipped = run.records.filter((r) => r.type === 'file' && r.status === 'skipped').length;
    assert.ok(skipped > 0, 'the run left files unchecked');
    // The report loses its summary (a job killed while uploading it, a disk full): the rendering
    // tallies what it holds, and must still tell --bail's files from files that could not be read.
    const lines = run.stdout.trimEnd().split('\n');
    writeFileSync(join(cwd, 'cut.ndjson'), `${lines.slice(0, -1).join('\n')}\n`);
    const text = await runMainAsCli(['report', 'cut.ndjson', '-f', 'text'], { cwd });
    assert.equal(text.code, 2, text.stderr);
    assert.match(text.stderr, /cut\.ndjson has no summary record/);
    assert.doesNotMatch(text.stdout, /could not be checked/);
    assert.match(text.stdout, new RegExp(`Stopped by --bail 1: ${skipped} files? not checked\\.`));
    const ndjson = await runMainAsCli(['report', 'cut.ndjson', '-f', 'ndjson'], { cwd });
    const summary = ndjson.records.at(-1)!;
    assert.equal(summary.type, 'summary');
    assert.deepEqual(summary.bail, { limit: 1, stopped: true, skipped });
  });
});

describe('-f gitlab with --bail', () => {
  const tmp = tempDir('gitlab-bail');
  const cwd = tmp.path;
  before(() => {
    put(cwd, 'reg/a.json', BROKEN);
    for (const n of [1, 2, 3, 4]) put(cwd, `reg/b${n}.json`, validText(`b${n}`));
    put(cwd, 'reg/c.json', BROKEN.replace('{', '{"x": 1,'));
  });
  after(() => tmp.remove());

  it('raises no issue per file --bail left, as text, GitHub and SARIF do not list them', async () => {
    const r = await runMainAsCli(['reg', '--bail', '--concurrency', '0', '-f', 'gitlab'], { cwd });
    assert.equal(r.code, 1, r.stderr);
    const issues = JSON.parse(r.stdout) as Array<{ check_name: string; description: string }>;
    // The failure that stopped the run is there; the files never started are not code-quality issues
    // (a merge request would list each as new, and as fixed in the next full run).
    assert.ok(issues.some((i) => i.check_name === 'mcpdesc.document.syntax'));
    assert.deepEqual(
      issues.filter((i) => i.description.includes('EBAIL')),
      [],
    );
  });
});
