// A document piped in under a name (--stdin-filename, --stdin-filepath): the name is used in records and
// for ignore files, and the file on disk of that name is never read in its place.
// Standard input needs a process; the refusal without - runs main() in-process.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { runMainAsCli } from '../helpers/run-main.js';
import { BROKEN, ofType, put, validText, warningText } from './cli-support.js';
import { validDocument } from './scale-support.js';

describe('--stdin-filename', () => {
  let cwd: string;
  // YAML flow style: sniffed as JSON it is a syntax error; named .yaml it is a valid document.
  const flowYaml = `{mcpdesc: 0.7.0, info: {name: y, version: "1"}, transports: [{type: stdio, command: y}], tools: [{name: t, inputSchema: {type: object}}]}\n`;
  before(() => {
    cwd = mkdtempSync(join(tmpdir(), 'mcpdesc-stdin-'));
    put(cwd, 'reg/acme.json', warningText('acme'));
  });
  after(() => rmSync(cwd, { recursive: true, force: true }));

  it('names the document in NDJSON and picks the format from the extension under auto', async () => {
    const unnamed = await runCli(['-', '-f', 'ndjson'], { cwd, stdin: flowYaml });
    assert.equal(ofType(unnamed, 'file')[0]!.status, 'invalid');
    const named = await runCli(['-', '-f', 'ndjson', '--stdin-filename', './docs/y.yaml'], {
      cwd,
      stdin: flowYaml,
    });
    assert.equal(named.code, 0, named.stderr);
    const [file] = ofType(named, 'file');
    assert.equal(file!.file, 'docs/y.yaml');
    assert.equal(file!.format, 'yaml');
    assert.equal(file!.status, 'valid');
    // An explicit --stdin-format wins over the name.
    const json = await runCli(['-', '-f', 'ndjson', '--stdin-filename', 'y.yaml', '--stdin-format', 'json'], {
      cwd,
      stdin: flowYaml,
    });
    assert.equal(ofType(json, 'file')[0]!.status, 'invalid');
  });

  it('Spectral spelling --stdin-filepath is the same option', async () => {
    const r = await runCli(['-', '-f', 'ndjson', '--stdin-filepath', 'docs/y.yaml'], {
      cwd,
      stdin: flowYaml,
    });
    assert.equal(ofType(r, 'file')[0]!.file, 'docs/y.yaml');
  });

  it('a .jsonl name reads standard input as JSON Lines, each record under the name', async () => {
    const lines = `${JSON.stringify(validDocument('l1', 1))}\n${BROKEN}\n`;
    const r = await runCli(['-', '-f', 'ndjson', '--stdin-filename', 'dump.jsonl'], { cwd, stdin: lines });
    const files = ofType(r, 'file');
    assert.deepEqual(
      files.map((f) => [f.file, f.line, f.format, f.status]),
      [
        ['dump.jsonl', 1, 'jsonl', 'valid'],
        ['dump.jsonl', 2, 'jsonl', 'invalid'],
      ],
    );
  });

  it('SARIF, GitHub and text reports use the name', async () => {
    const stdin = BROKEN;
    const args = ['-', '--stdin-filename', 'reg/piped.json'];
    // One run writes the three reports: text on stdout, SARIF and GitHub's to files.
    const run = await runCli(
      [...args, '-f', 'text', '-f', 'sarif=piped.sarif', '-f', 'github=piped.github'],
      {
        cwd,
        stdin,
      },
    );
    const sarif = { stdout: readFileSync(join(cwd, 'piped.sarif'), 'utf8') };
    const github = { stdout: readFileSync(join(cwd, 'piped.github'), 'utf8') };
    const text = run;
    const uris = JSON.parse(sarif.stdout).runs[0].results.map(
      (x: { locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }) =>
        x.locations[0]!.physicalLocation.artifactLocation.uri,
    );
    assert.deepEqual(uris, ['reg/piped.json']);
    assert.match(github.stdout, /^::error file=reg\/piped\.json,/m);
    assert.match(text.stdout, /^reg\/piped\.json:1:\d+ {2}error/m);
    assert.doesNotMatch(text.stdout + github.stdout + sarif.stdout, /<stdin>/);
  });

  it('baseline entries of the named file apply to the document', async () => {
    const write = await runCli(
      ['reg', '-f', 'ndjson', '--fail-on', 'warning', '--write-baseline', 'b.ndjson'],
      {
        cwd,
      },
    );
    assert.equal(write.code, 1);
    const stdin = warningText('acme');
    const r = await runCli(
      [
        '-',
        '-f',
        'ndjson',
        '--fail-on',
        'warning',
        '--baseline',
        'b.ndjson',
        '--stdin-filename',
        'reg/acme.json',
      ],
      { cwd, stdin },
    );
    assert.equal(r.code, 0, r.stderr);
    const [d] = ofType(r, 'diagnostic');
    assert.equal(d!.file, 'reg/acme.json');
    assert.equal(d!.suppressed, true);
    const unnamed = await runCli(['-', '-f', 'ndjson', '--fail-on', 'warning', '--baseline', 'b.ndjson'], {
      cwd,
      stdin,
    });
    assert.equal(unnamed.code, 1, 'under <stdin> the entries do not apply');
  });

  it('is refused without -, when empty, and when another input has the name', async () => {
    const without = await runMainAsCli(['reg', '--stdin-filename', 'x.json'], { cwd });
    assert.equal(without.code, 2);
    assert.match(without.stderr, /--stdin-filename <name>' needs - \(standard input\)/);
    const empty = await runCli(['-', '--stdin-filename', ''], { cwd, stdin: '{}' });
    assert.equal(empty.code, 2);
    assert.match(empty.stderr, /option '--stdin-filename <name>' argument '' is invalid/);
    const clash = await runCli(['-', 'reg', '-f', 'ndjson', '--stdin-filename', 'reg/acme.json'], {
      cwd,
      stdin: '{}',
    });
    assert.equal(clash.code, 2);
    assert.equal(clash.stdout, '');
    assert.match(clash.stderr, /--stdin-filename reg\/acme\.json is also the name of an input/);
  });
});

describe('--code-frame and --stdin-filename', () => {
  const tmp = tempDir('stdin-frame');
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
