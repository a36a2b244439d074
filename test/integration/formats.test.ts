// Report formats as a user of ESLint, Spectral or Redocly names them, and what each command prints
// on a terminal. The terminal cases run the CLI in-process (main() with stdout said to be a TTY):
// a spawned CLI's stdout is a pipe.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type CliResult, runCli, tempDir } from '../helpers/run-cli.js';
import { runMain } from '../helpers/run-main.js';
import { parseXml } from '../helpers/xml.js';
import { MIXED, put } from './cli-support.js';

describe('report formats and terminal defaults', () => {
  const tmp = tempDir('formats');
  const cwd = tmp.path;
  before(() => {
    writeFileSync(join(cwd, 'mixed.json'), MIXED);
    put(cwd, 'legacy/d.json', 'not json');
  });
  after(() => tmp.remove());

  /** The CLI in-process, stdout a terminal (or not), no colour (NO_COLOR), nothing else from the environment. */
  function onTerminal(argv: string[], stdoutIsTTY = true) {
    return runMain(argv, { cwd, stdoutIsTTY, env: { NO_COLOR: '1' } });
  }

  it('validate prints stylish on a terminal: the file named once, its findings below', async () => {
    const r = await onTerminal(['mixed.json', '--no-config', '--concurrency', '0']);
    assert.equal(r.code, 1, r.stderr);
    const lines = r.stdout.split('\n');
    assert.equal(lines[0], 'mixed.json');
    assert.match(lines[1]!, /^ {2}\d+:\d+ +warning /);
    assert.equal(lines.filter((l) => l.includes('mixed.json')).length, 1);
    assert.match(r.stdout, /✖ 1 error, 2 warnings in 1 file with findings \(of 1\)\n$/);
    // The report ends with the tally: no second closing line on stderr.
    assert.equal(r.stderr, '');
    const piped = await onTerminal(['mixed.json', '--no-config', '--concurrency', '0'], false);
    assert.match(piped.stdout, /^\{"type":"run"/);
  });

  it('report prints stylish on a terminal, compare prints text', async () => {
    const stored = await runCli(['mixed.json', '-f', 'ndjson=run.ndjson', '-f', 'ndjson=old.ndjson'], {
      cwd,
    });
    assert.notEqual(stored.code, 2, stored.stderr);
    const report = await onTerminal(['report', 'run.ndjson']);
    assert.match(report.stdout, /^mixed\.json\n {2}\d+:\d+ /);
    const compare = await onTerminal(['compare', join(cwd, 'old.ndjson'), join(cwd, 'run.ndjson')]);
    assert.equal(compare.code, 0, compare.stderr);
    assert.match(compare.stdout, /^compare: 0 new, 0 fixed, 3 unchanged /);
    const piped = await onTerminal(['compare', join(cwd, 'old.ndjson'), join(cwd, 'run.ndjson')], false);
    assert.match(piped.stdout, /^\{"type":"finding"/);
    assert.match(piped.stdout, /\{"type":"comparison"[^\n]*\n$/);
  });

  it("takes format names in any case and other tools' names; the run record says the format's own", async () => {
    const cases: Array<[string, string]> = [
      ['STYLISH', 'stylish'],
      ['Compact', 'text'],
      ['github-actions', 'github'],
      ['codeclimate', 'gitlab'],
      ['Code-Climate', 'gitlab'],
      ['CheckStyle', 'checkstyle'],
    ];
    // One run writes every alias (the first to stdout, the others to files); one report renders them.
    const outputs = (dir: string) =>
      cases.flatMap(([given], i) => ['-f', i === 0 ? given : `${given}=${dir}/${i}.out`]);
    mkdirSync(join(cwd, 'aliases', 'run'), { recursive: true });
    mkdirSync(join(cwd, 'aliases', 'report'), { recursive: true });
    const r = await runCli(['mixed.json', ...outputs('aliases/run'), '-f', 'ndjson=run.ndjson'], { cwd });
    assert.equal(r.code, 1, r.stderr);
    const run = JSON.parse(readFileSync(join(cwd, 'run.ndjson'), 'utf8').split('\n')[0]!);
    assert.deepEqual(run.options.formats, [
      ...cases.map(([, own], i) => (i === 0 ? own : `${own}=aliases/run/${i}.out`)),
      'ndjson=run.ndjson',
    ]);
    const rendered = await runCli(['report', 'run.ndjson', ...outputs('aliases/report')], { cwd });
    assert.equal(rendered.code, 1, rendered.stderr);
    const written = (of: CliResult, dir: string, i: number) =>
      i === 0 ? of.stdout : readFileSync(join(cwd, dir, `${i}.out`), 'utf8');
    for (const [i, [given]] of cases.entries()) {
      assert.ok(written(r, 'aliases/run', i).length > 0, given);
      assert.equal(
        written(rendered, 'aliases/report', i),
        written(r, 'aliases/run', i),
        `report -f ${given} writes what the run wrote`,
      );
    }
    const bad = await runCli(['mixed.json', '-f', 'github_actions'], { cwd });
    assert.equal(bad.code, 2);
    assert.match(
      bad.stderr,
      /Expected one of checkstyle, github, gitlab, html, json, junit, ndjson, sarif, stylish, text/,
    );
  });

  it('html takes its name in any case too, on a run and on report', async () => {
    const r = await runCli(['mixed.json', '-f', 'HTML=page.html', '-f', 'ndjson=html-run.ndjson'], { cwd });
    assert.equal(r.code, 1, r.stderr);
    assert.match(readFileSync(join(cwd, 'page.html'), 'utf8'), /^<!DOCTYPE html>/);
    const run = JSON.parse(readFileSync(join(cwd, 'html-run.ndjson'), 'utf8').split('\n')[0]!);
    assert.deepEqual(run.options.formats, ['html=page.html', 'ndjson=html-run.ndjson']);
    const rendered = await runCli(['report', 'html-run.ndjson', '-f', 'Html', '-o', 'again.html'], { cwd });
    assert.equal(rendered.code, 1, rendered.stderr);
    assert.match(readFileSync(join(cwd, 'again.html'), 'utf8'), /^<!DOCTYPE html>/);
  });

  it('a config file names formats the same way', async () => {
    writeFileSync(
      join(cwd, 'aliases.config.json'),
      JSON.stringify({ formats: ['Code-Climate', 'checkstyle=cs.xml'] }),
    );
    const r = await runCli(['mixed.json', '--config', 'aliases.config.json'], { cwd });
    assert.equal(r.code, 1, r.stderr);
    // GitLab Code Quality: an array of issues with a check_name and a fingerprint.
    const issues = JSON.parse(r.stdout) as Array<{ check_name: string; fingerprint: string }>;
    assert.equal(issues.length, 3);
    assert.ok(
      issues.every((i) => i.check_name.startsWith('mcpdesc.') && /^[0-9a-f]{64}$/.test(i.fingerprint)),
    );
    assert.match(readFileSync(join(cwd, 'cs.xml'), 'utf8'), /^<\?xml [^\n]*\n<checkstyle version="4\.3">/);
    const printed = await runCli(['--config', 'aliases.config.json', '--print-config'], { cwd });
    assert.deepEqual(JSON.parse(printed.stdout).settings.formats, ['gitlab', 'checkstyle=cs.xml']);
  });

  it('checkstyle is well-formed and lists each finding of the run once', async () => {
    const r = await runCli(['mixed.json', '-f', 'checkstyle', '-f', 'ndjson=cs-run.ndjson'], { cwd });
    assert.equal(r.code, 1, r.stderr);
    const root = parseXml(r.stdout);
    assert.equal(root.name, 'checkstyle');
    const entries = root.children.flatMap((f) =>
      f.children.map((e) => [f.attributes.name, e.attributes.source, e.attributes.severity]),
    );
    const report = await runCli(['report', 'cs-run.ndjson', '-f', 'ndjson'], { cwd });
    assert.deepEqual(
      entries,
      report.records.filter((x) => x.type === 'diagnostic').map((d) => [d.file, d.ruleId, d.severity]),
    );
  });

  it('--format text on stdout, and --format ndjson=PATH alongside', async () => {
    const r = await runCli(['legacy', '-f', 'text', '-f', 'ndjson=out.ndjson'], { cwd });
    // The text layout belongs to the text reporter; here only: the finding is on stdout, as text.
    assert.match(r.stdout, /legacy\/d\.json/);
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
});
