// Edges a demanding CI user hits with the options and subcommands that interact (--stdin-filename,
// --bail, --quiet with --max-warnings, `report`, the gitlab format), run through the real CLI on small
// documents written here.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  constants,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT, runCli, tempDir } from '../helpers/run-cli.js';
import { validDocument } from './scale-support.js';

function put(root: string, rel: string, text: string): void {
  const full = join(root, rel);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
}

const validText = (name: string) => JSON.stringify(validDocument(name, 1), null, 2);
/** Malformed JSON: one error (mcpdesc.document.syntax). */
const BROKEN = '{"mcpdesc": "0.7.0", ';

describe('--code-frame and --stdin-filename', () => {
  const tmp = tempDir('qa-stdin-frame');
  const cwd = tmp.path;
  // The file on disk is valid; the buffer piped in (an editor's unsaved change) is not, and its
  // finding sits on a line that holds something else on disk.
  const onDisk = validText('disk');
  const buffer = `\n\n\n${BROKEN}`;
  before(() => put(cwd, 'reg/acme.json', onDisk));
  after(() => tmp.remove());

  it('never frames the file on disk that the piped document is named after', async () => {
    const r = await runCli(['-', '--stdin-filename', 'reg/acme.json', '-f', 'text', '--code-frame'], {
      cwd,
      stdin: buffer,
    });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^reg\/acme\.json:4:\d+ +error/m);
    // Line 4 on disk is part of the valid document: a frame of it would point at the wrong text.
    const diskLine4 = onDisk.split('\n')[3]!;
    assert.ok(!r.stdout.includes(diskLine4.trim()), `framed the file on disk:\n${r.stdout}`);
    assert.doesNotMatch(r.stdout, /^ {2}> +4 \|/m);
  });

  it('nor does `report --code-frame` of such a run', async () => {
    const run = await runCli(['-', '--stdin-filename', 'reg/acme.json', '-f', 'ndjson'], {
      cwd,
      stdin: buffer,
    });
    writeFileSync(join(cwd, 'stdin-run.ndjson'), run.stdout);
    const r = await runCli(['report', 'stdin-run.ndjson', '-f', 'text', '--code-frame'], { cwd });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^reg\/acme\.json:4:\d+ +error/m);
    assert.doesNotMatch(r.stdout, /^ {2}> +4 \|/m);
  });
});

describe('report of a --bail run that was cut short', () => {
  const tmp = tempDir('qa-report-bail');
  const cwd = tmp.path;
  before(() => {
    put(cwd, 'reg/a.json', BROKEN);
    for (const n of [1, 2, 3, 4]) put(cwd, `reg/b${n}.json`, validText(`b${n}`));
  });
  after(() => tmp.remove());

  it('counts the files --bail left as not checked, not as unreadable', async () => {
    const run = await runCli(['reg', '--bail', '--concurrency', '0', '-f', 'ndjson'], { cwd });
    assert.equal(run.code, 1, run.stderr);
    const skipped = run.records.filter((r) => r.type === 'file' && r.status === 'skipped').length;
    assert.ok(skipped > 0, 'the run left files unchecked');
    // The report loses its summary (a job killed while uploading it, a disk full): the rendering
    // tallies what it holds, and must still tell --bail's files from files that could not be read.
    const lines = run.stdout.trimEnd().split('\n');
    writeFileSync(join(cwd, 'cut.ndjson'), `${lines.slice(0, -1).join('\n')}\n`);
    const text = await runCli(['report', 'cut.ndjson', '-f', 'text'], { cwd });
    assert.equal(text.code, 2, text.stderr);
    assert.match(text.stderr, /cut\.ndjson has no summary record/);
    assert.doesNotMatch(text.stdout, /could not be checked/);
    assert.match(text.stdout, new RegExp(`Stopped by --bail 1: ${skipped} files? not checked\\.`));
    const ndjson = await runCli(['report', 'cut.ndjson', '-f', 'ndjson'], { cwd });
    const summary = ndjson.records.at(-1)!;
    assert.equal(summary.type, 'summary');
    assert.deepEqual(summary.bail, { limit: 1, stopped: true, skipped });
  });
});

describe('-f gitlab with --bail', () => {
  const tmp = tempDir('qa-gitlab-bail');
  const cwd = tmp.path;
  before(() => {
    put(cwd, 'reg/a.json', BROKEN);
    for (const n of [1, 2, 3, 4]) put(cwd, `reg/b${n}.json`, validText(`b${n}`));
    put(cwd, 'reg/c.json', BROKEN.replace('{', '{"x": 1,'));
  });
  after(() => tmp.remove());

  it('raises no issue per file --bail left, as text, GitHub and SARIF do not list them', async () => {
    const r = await runCli(['reg', '--bail', '--concurrency', '0', '-f', 'gitlab'], { cwd });
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

describe('report of concatenated reports (cat shard-*.ndjson > all.ndjson)', () => {
  const tmp = tempDir('qa-report-cat');
  const cwd = tmp.path;
  before(() => {
    for (let n = 0; n < 30; n++) put(cwd, `reg/f${String(n).padStart(2, '0')}.json`, validText(`f${n}`));
  });
  after(() => tmp.remove());

  it('says so once, not once per record after the first summary', async () => {
    const run = await runCli(['reg', '-f', 'ndjson'], { cwd });
    assert.equal(run.code, 0, run.stderr);
    writeFileSync(join(cwd, 'all.ndjson'), run.stdout + run.stdout);
    const r = await runCli(['report', 'all.ndjson', '-f', 'text'], { cwd });
    assert.equal(r.code, 2);
    const lines = r.stderr.trimEnd().split('\n');
    // 32 records follow the first summary (a run record, 30 file records, a summary).
    assert.ok(lines.length <= 3, `one message per record:\n${r.stderr}`);
    assert.match(r.stderr, /all\.ndjson:33: record after the summary/);
    assert.match(r.stderr, /all\.ndjson: 31 more records after the summary/);
  });
});

describe('-f text --quiet', () => {
  const tmp = tempDir('qa-text-quiet');
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
    const r = await runCli(
      ['reg', '-f', 'text', '--quiet', '--baseline', 'baseline.ndjson', '--max-warnings', '0'],
      { cwd },
    );
    assert.equal(r.code, 1, r.stderr);
    // The tally counts what the baseline does not cover, as --max-warnings does. The files of the one
    // new warning cannot be told apart (--quiet keeps warnings from the report), so the tally names no
    // number of files with findings.
    assert.match(r.stdout, /✖ 0 errors, 1 warning \(5 files\)\n {2}3 findings in the baseline not listed/);
    assert.doesNotMatch(r.stdout, /w\d\.json/);
    const shown = await runCli(
      ['reg', '-f', 'text', '--quiet', '--baseline', 'baseline.ndjson', '--show-suppressed'],
      { cwd },
    );
    assert.match(shown.stdout, /✖ 0 errors, 4 warnings in 4 files with findings \(of 5\), 3 in the baseline/);
    assert.match(r.stdout, /1 warning: more than --max-warnings 0\./);
  });
});

describe('-f sarif with --max-warnings', () => {
  const tmp = tempDir('qa-sarif-max-warnings');
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

describe('report of a file that is not an NDJSON report', () => {
  const tmp = tempDir('qa-report-not-ndjson');
  const cwd = tmp.path;
  before(() => {
    for (let n = 0; n < 5; n++) put(cwd, `reg/f${n}.json`, n % 2 ? BROKEN : validText(`f${n}`));
  });
  after(() => tmp.remove());

  it('says so once, for a SARIF log, a GitLab report or a gzip file not named .gz', async () => {
    const sarif = await runCli(['reg', '-f', 'sarif'], { cwd });
    writeFileSync(join(cwd, 'results.sarif'), sarif.stdout);
    const gitlab = await runCli(['reg', '-f', 'gitlab'], { cwd });
    writeFileSync(join(cwd, 'gl-code-quality.json'), gitlab.stdout);
    const ndjson = await runCli(['reg', '-f', 'ndjson'], { cwd });
    writeFileSync(join(cwd, 'results.ndjson'), gzipSync(ndjson.stdout));
    for (const [input, hint] of [
      ['results.sarif', /results\.sarif:1: not a JSON record: not an NDJSON report/],
      ['gl-code-quality.json', /gl-code-quality\.json:1: not a JSON record: not an NDJSON report/],
      ['results.ndjson', /results\.ndjson:1: not a JSON record: .*gzip-compressed\? name it \.gz/],
    ] as const) {
      const r = await runCli(['report', input, '-f', 'text'], { cwd });
      assert.equal(r.code, 2, r.stderr);
      assert.equal(r.stdout, '');
      // It was one message per line of the file (a SARIF log of a big run has hundreds of thousands).
      assert.equal(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
      assert.match(r.stderr, hint);
    }
  });
});

describe('report: exit codes of a run that --max-warnings or --exit-zero decided', () => {
  const tmp = tempDir('qa-report-exit');
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

describe('an NDJSON report that starts with a UTF-8 byte order mark', () => {
  const tmp = tempDir('qa-report-bom');
  const cwd = tmp.path;
  before(() => {
    put(cwd, 'reg/ok.json', validText('ok'));
    put(cwd, 'reg/bad.json', BROKEN);
  });
  after(() => tmp.remove());

  // Windows tools write one (PowerShell's Out-File -Encoding utf8, Set-Content); RFC 8259 §8.1 lets a
  // reader ignore it, as the validator does for documents.
  it('is read as without it, by report, merge and --baseline', async () => {
    const run = await runCli(['reg', '-f', 'ndjson'], { cwd });
    assert.equal(run.code, 1, run.stderr);
    writeFileSync(join(cwd, 'plain.ndjson'), run.stdout);
    writeFileSync(join(cwd, 'bom.ndjson'), `\uFEFF${run.stdout}`);
    const plain = await runCli(['report', 'plain.ndjson', '-f', 'gitlab'], { cwd });
    const bom = await runCli(['report', 'bom.ndjson', '-f', 'gitlab'], { cwd });
    assert.equal(bom.code, 1, bom.stderr);
    assert.equal(bom.stdout, plain.stdout);
    const merged = await runCli(['merge', 'bom.ndjson'], { cwd });
    assert.equal(merged.code, 1, merged.stderr);
    const baselined = await runCli(['reg', '-f', 'ndjson', '--baseline', 'bom.ndjson'], { cwd });
    assert.equal(baselined.code, 0, baselined.stderr);
  });
});

describe('report of an empty file', () => {
  const tmp = tempDir('qa-report-empty');
  const cwd = tmp.path;
  before(() => {
    put(cwd, 'empty.ndjson', '');
    put(cwd, 'blank.ndjson', '\n\n');
  });
  after(() => tmp.remove());

  it('says the report is empty, not that it is some other format', async () => {
    for (const name of ['empty.ndjson', 'blank.ndjson']) {
      const r = await runCli(['report', name, '-f', 'text'], { cwd });
      assert.equal(r.code, 2);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, new RegExp(`${name.replace('.', '\\.')} is empty: no run record`));
      assert.doesNotMatch(r.stderr, /not mcpdesc-validate NDJSON/);
    }
  });
});

describe('-f name=path where path is not a plain file', () => {
  const tmp = tempDir('qa-report-path');
  const cwd = tmp.path;
  before(() => {
    put(cwd, 'reg/ok.json', validText('ok'));
    put(cwd, 'reg/bad.json', BROKEN);
  });
  after(() => tmp.remove());

  // `-f sarif=/dev/null` (drop a format) or `=/dev/stderr`: the report was written to a temporary file
  // and renamed over the path, which replaced the device node itself with a regular file when the run
  // had the rights to (a CI container running as root lost its /dev/null). A named pipe stands in
  // for the device here, so a regression cannot damage the machine running the tests.
  it('writes into a named pipe (as into a device) instead of replacing it', async () => {
    const fifo = join(cwd, 'report.pipe');
    execFileSync('mkfifo', [fifo]);
    // A reader that does not wait for a writer, so the run's open for writing does not block.
    const fd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const r = await runCli(['reg', '-f', 'ndjson', '-f', `gitlab=${fifo}`], { cwd });
      assert.equal(r.code, 1, r.stderr);
      assert.ok(lstatSync(fifo).isFIFO(), 'the named pipe was replaced by a regular file');
      let text = '';
      const buf = Buffer.alloc(65536);
      for (;;) {
        let n = 0;
        try {
          n = readSync(fd, buf, 0, buf.length, null);
        } catch {
          break;
        }
        if (n === 0) break;
        text += buf.toString('utf8', 0, n);
      }
      const issues = JSON.parse(text) as Array<{ check_name: string }>;
      assert.ok(issues.some((i) => i.check_name === 'mcpdesc.document.syntax'));
    } finally {
      closeSync(fd);
    }
  });

  it('writes through a symbolic link to a file, keeping the link', async () => {
    put(cwd, 'out/real.json', 'old');
    symlinkSync('real.json', join(cwd, 'out/link.json'));
    const r = await runCli(['reg', '-f', 'ndjson', '-f', 'gitlab=out/link.json'], { cwd });
    assert.equal(r.code, 1, r.stderr);
    assert.ok(lstatSync(join(cwd, 'out/link.json')).isSymbolicLink(), 'the link was replaced');
    const issues = JSON.parse(readFileSync(join(cwd, 'out/real.json'), 'utf8'));
    assert.ok(Array.isArray(issues) && issues.length > 0);
  });
});

describe('merge - and compare - (a report piped in)', () => {
  const tmp = tempDir('qa-report-dash');
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
