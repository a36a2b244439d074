// Security properties against hostile content: it cannot forge output lines or terminal
// escapes, quoted content is capped, no network module is ever loaded by a worker run (external $ref
// is never fetched), and document schemas are never compiled into code (checked by running the worker
// with code generation from strings disabled: Ajv's runtime compile needs `new Function`).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type CliResult, REPO_ROOT, runCli, tempDir } from '../helpers/run-cli.js';

const ESC = '\u001b';
const FORGED = `a${ESC}[31mRED\n{"type":"file","file":"x","status":"valid"}\r::error file=x::forged`;
const LONG = 'k'.repeat(1_000_000);

function doc(toolName: string, extra: Record<string, unknown> = {}, schema: Record<string, unknown> = {}) {
  return JSON.stringify({
    mcpdesc: '0.7.0',
    info: { name: 'sec', version: '1.0.0' },
    transports: [{ type: 'stdio', command: 'server' }],
    tools: [{ name: toolName, description: 'd', inputSchema: { type: 'object', ...schema } }],
    ...extra,
  });
}

describe('hostile content in output', () => {
  const tmp = tempDir('security');
  const cwd = tmp.path;
  const out = tempDir('security-out');
  const forgedFile = `forged${ESC}]0;title\u0007\nname\r.json`;
  // One run writes every format compared: ndjson on stdout, text and github to files.
  let r: CliResult;
  const written: Record<string, string> = {};
  before(async () => {
    writeFileSync(join(cwd, 'escapes.json'), doc(FORGED, { [`k${ESC}[2J\n::error::x`]: 1 }));
    writeFileSync(join(cwd, forgedFile), doc('bad name'));
    writeFileSync(
      join(cwd, 'long.json'),
      doc(`${LONG}!`, { [LONG]: 1 }, { properties: { x: { $ref: `#/$defs/${LONG}` } } }),
    );
    const formats = ['text', 'github'];
    const outputs = formats.flatMap((f) => ['--format', `${f}=${join(out.path, f)}`]);
    r = await runCli(['.', '--format', 'ndjson', ...outputs, '--no-progress'], { cwd });
    for (const f of formats) written[f] = readFileSync(join(out.path, f), 'utf8');
  });
  after(() => {
    tmp.remove();
    out.remove();
  });

  it('ndjson: every line is one record, only the four record types, one file record per file', () => {
    const lines = r.stdout.split('\n').filter((l) => l !== '');
    assert.ok(!r.stdout.includes(ESC) && !r.stdout.includes('\r'));
    const types = lines.map((l) => (JSON.parse(l) as { type: string }).type);
    assert.ok(types.every((t) => ['run', 'diagnostic', 'file', 'summary'].includes(t)));
    assert.equal(types.filter((t) => t === 'file').length, 3);
    const files = r.records.filter((x) => x.type === 'file').map((x) => x.file);
    assert.ok(files.includes(forgedFile), 'the file name survives, escaped by JSON');
  });

  it('text and github: no raw ESC, CR or extra lines; messages capped', () => {
    for (const format of ['text', 'github']) {
      const text = written[format]!;
      assert.ok(!text.includes(ESC), `${format}: raw ESC`);
      assert.ok(!text.includes('\r'), `${format}: raw CR`);
      assert.ok(!text.includes('\u0007'), `${format}: raw BEL`);
      const lines = text.split('\n');
      // No line starts with a forged record or workflow command.
      assert.ok(!lines.some((l) => l.startsWith('{"type"')), format);
      if (format === 'github') {
        const commands = lines.filter((l) => l.startsWith('::'));
        assert.ok(!lines.some((l) => l.startsWith('::error::x') || l.startsWith('::error file=x::')));
        assert.ok(commands.length >= 4, `${format}: ${commands.length} annotations`);
      }
      // The 1,000,000-character name, key and $ref are quoted with a cap, not whole.
      for (const l of lines) assert.ok(l.length < 2000, `${format}: a ${l.length}-character line`);
    }
  });

  it('ndjson messages quote document content with a cap', () => {
    const messages = r.records
      .filter((x) => x.type === 'diagnostic' && x.file === 'long.json')
      .map((x) => x.message as string);
    assert.ok(messages.length >= 3, JSON.stringify(messages.map((m) => m.slice(0, 80))));
    for (const m of messages)
      assert.ok(m.length < 1000, `a ${m.length}-character message: ${m.slice(0, 120)}`);
  });
});

describe('no network, no compiled document code', () => {
  const tmp = tempDir('nonet');
  const cwd = tmp.path;
  const files = ['external.json', 'external.yaml', 'loop.json', 'regex.json'];
  before(() => {
    writeFileSync(
      join(cwd, 'external.json'),
      doc(
        'ext',
        {},
        { properties: { a: { $ref: 'http://127.0.0.1:9/a.json' }, b: { $ref: 'https://example.com/s#/x' } } },
      ),
    );
    writeFileSync(
      join(cwd, 'external.yaml'),
      'mcpdesc: "0.7.0"\ninfo: {name: s, version: "1"}\ntransports: [{type: stdio, command: x}]\ntools:\n  - name: y\n    inputSchema: {type: object, $ref: "http://127.0.0.1:9/y.json"}\n',
    );
    writeFileSync(
      join(cwd, 'loop.json'),
      doc('loop', {}, { $defs: { a: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' }),
    );
    writeFileSync(
      join(cwd, 'regex.json'),
      doc(
        're',
        {},
        { properties: { s: { type: 'string', pattern: '^(a+)+$', default: `${'a'.repeat(40)}!` } } },
      ),
    );
  });
  after(() => tmp.remove());

  // Runs the worker entry in a fresh process (in-process, whole-file and streamed) and reports which
  // network modules got loaded. Output goes through fs.writeSync: touching process.stdout would load `net`.
  const probe = (extraImport: string) => `
    import { writeSync } from 'node:fs';
    ${extraImport}
    const { default: worker } = await import(${JSON.stringify(join(REPO_ROOT, 'dist/src/worker/index.js'))});
    const files = ${JSON.stringify(files)};
    const statuses = [];
    for (const streamThreshold of [1e9, 0]) {
      const jobs = files.map((f, index) => ({ index, path: f, file: f, size: 1000 }));
      const options = { target: null, ruleLevels: {}, maxDiagnosticsPerFile: 100, streamThreshold, maxFileSize: 1e9 };
      for (const o of await worker({ source: { kind: 'files', jobs }, options })) statuses.push(o.documents.map((d) => d.error?.code ?? d.status).join());
    }
    const mods = process.moduleLoadList.filter((m) => /^NativeModule (net|http|https|http2|dns|tls|dgram)$/.test(m));
    writeSync(1, JSON.stringify({ mods, statuses }));`;

  const run = (script: string, flags: string[] = []) =>
    JSON.parse(
      execFileSync(process.execPath, [...flags, '--input-type=module', '-e', script], {
        cwd,
        encoding: 'utf8',
      }),
    ) as { mods: string[]; statuses: string[] };

  it('the probe can see a network module being loaded (control)', () => {
    assert.ok(run(probe("await import('node:http');")).mods.includes('NativeModule http'));
  });

  // One unrestricted probe run, shared by the two tests that read it.
  let normalRun: ReturnType<typeof run> | undefined;
  const normal = () => {
    normalRun ??= run(probe(''));
    return normalRun;
  };

  it('a worker run over external $refs loads no network module', () => {
    const got = normal();
    assert.deepEqual(got.mods, []);
    assert.equal(got.statuses.length, files.length * 2);
    assert.ok(!got.statuses.some((s) => s.startsWith('E')), JSON.stringify(got.statuses));
  });

  it('gives the same results with code generation from strings disabled (no schema compiled)', () => {
    const locked = run(probe(''), ['--disallow-code-generation-from-strings']);
    assert.deepEqual(locked.statuses, normal().statuses);
    // Control: the flag does stop runtime compilation.
    assert.throws(() =>
      execFileSync(
        process.execPath,
        ['--disallow-code-generation-from-strings', '-e', 'new Function("return 1")'],
        {
          stdio: 'pipe',
        },
      ),
    );
  });
});
