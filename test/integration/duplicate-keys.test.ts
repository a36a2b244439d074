// Duplicate member names through the real CLI: duplicate keys must not smuggle values. A
// hostile tool list hidden behind a harmless one, either way round, a tool named twice, a repeat deep in
// a schema, the same as gzip and as a JSON Lines line: every mode reports the same one finding at the
// same place, and checks nothing else of the document: whole-file, streamed in-process, and streamed
// over a worker pool (fan-out).
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { type CliResult, runCli, tempDir } from '../helpers/run-cli.js';
import { runMainAsCli } from '../helpers/run-main.js';

type Rec = CliResult['records'][number];

const TIMEOUT = { timeout: 60_000 };
const RULE = 'mcpdesc.document.duplicate-key';

const HEAD =
  '{"mcpdesc":"0.7.0","info":{"name":"dup","version":"1"},"transports":[{"type":"stdio","command":"s"}]';
const BAD = '[{"name":"rm -rf /","inputSchema":{"type":"nope"}}]';
const GOOD = '[{"name":"lookup","inputSchema":{"type":"object"}}]';

/** File → [pointer, line, column] of its one expected finding. */
const FILES: Record<string, { text: string; at: [string, number, number] }> = {
  'bad-first.json': { text: `${HEAD},\n"tools":${BAD},\n"tools":${GOOD}}`, at: ['/tools', 3, 1] },
  'bad-last.json': { text: `${HEAD},\n"tools":${GOOD},\n"tools":${BAD}}`, at: ['/tools', 3, 1] },
  'tool-name.json': {
    text: `${HEAD},"tools":[\n {"name":"lookup","inputSchema":{"type":"object"}},\n {"name":"rm -rf /",  "name":"lookup2","inputSchema":{"type":"object"}}]}`,
    at: ['/tools/1/name', 3, 23],
  },
  'deep.json': {
    text: `${HEAD},"tools":[{"name":"t","inputSchema":{"type":"object","properties":{\n"a":{"type":"string"},"\\u0061":{"type":"nope"}}}}]}`,
    at: ['/tools/0/inputSchema/properties/a', 2, 23],
  },
};

function fileRecord(r: CliResult, file: string): Rec {
  const recs = r.records.filter((x) => x.type === 'file' && x.file === file);
  assert.equal(recs.length, 1, `${file}: ${r.stderr}`);
  return recs[0]!;
}

function diagnostics(r: CliResult, file: string): Rec[] {
  return r.records.filter((x) => x.type === 'diagnostic' && x.file === file);
}

/** A file record without what may differ between modes. */
function comparable(rec: Rec) {
  const { durationMs: _d, streamed: _s, ...rest } = rec;
  return rest;
}

describe('duplicate member names through the CLI', () => {
  const tmp = tempDir('dup');
  const cwd = tmp.path;
  const runs: Record<string, CliResult> = {};
  const names = Object.keys(FILES).map((f) => `in/${f}`);

  before(async () => {
    mkdirSync(join(cwd, 'in'));
    for (const [name, { text }] of Object.entries(FILES)) writeFileSync(join(cwd, 'in', name), text);
    writeFileSync(join(cwd, 'in', 'bad-first.json.gz'), gzipSync(FILES['bad-first.json']!.text));
    const lines = [FILES['tool-name.json']!.text, FILES['bad-first.json']!.text].map((t) =>
      t.replace(/\n/g, ''),
    );
    writeFileSync(join(cwd, 'in', 'lines.jsonl'), `${lines.join('\n')}\n`);
    const inputs = [...names, 'in/bad-first.json.gz', 'in/lines.jsonl'];
    // The in-process runs through main(); the pool and the exit 0 of a lower level spawned.
    runs.whole = await runMainAsCli([...inputs, '--concurrency', '0'], { cwd });
    runs.streamed = await runMainAsCli([...inputs, '--concurrency', '0', '--stream-threshold', '0'], {
      cwd,
    });
    runs.pool = await runCli([...inputs, '--concurrency', '2', '--stream-threshold', '0'], { cwd });
    runs.warning = await runCli([...names, '--concurrency', '0', '--rule', `${RULE}=warning`], { cwd });
  }, TIMEOUT);
  after(() => tmp.remove());

  it('whole-file: one finding at the second occurrence, nothing else checked', TIMEOUT, () => {
    const r = runs.whole!;
    assert.equal(r.code, 1, r.stderr);
    for (const [name, { at }] of Object.entries(FILES)) {
      const file = `in/${name}`;
      const ds = diagnostics(r, file);
      assert.deepEqual(
        ds.map((d) => [d.ruleId, d.pointer, d.line, d.column]),
        [[RULE, ...at]],
        file,
      );
      assert.match(String(ds[0]!.message), /appears again in the same object/);
      const rec = fileRecord(r, file);
      assert.deepEqual([rec.status, rec.tools, rec.mcpdesc], ['invalid', 0, null], file);
    }
  });

  it('streamed in-process and over the pool: the same records', TIMEOUT, () => {
    for (const mode of ['streamed', 'pool']) {
      const r = runs[mode]!;
      assert.equal(r.code, 1, r.stderr);
      for (const file of [...names, 'in/bad-first.json.gz']) {
        assert.equal(fileRecord(r, file).streamed, true, `${mode} ${file}`);
        assert.deepEqual(diagnostics(r, file), diagnostics(runs.whole!, file), `${mode} ${file}`);
        assert.deepEqual(comparable(fileRecord(r, file)), comparable(fileRecord(runs.whole!, file)));
      }
    }
  });

  it('gzip and JSON Lines: the same finding', TIMEOUT, () => {
    const r = runs.whole!;
    const plain = diagnostics(r, 'in/bad-first.json').map((d) => [d.ruleId, d.pointer, d.line, d.column]);
    const gz = diagnostics(r, 'in/bad-first.json.gz').map((d) => [d.ruleId, d.pointer, d.line, d.column]);
    assert.deepEqual(gz, plain);
    assert.deepEqual(
      diagnostics(r, 'in/lines.jsonl').map((d) => [d.ruleId, d.pointer, d.line]),
      [
        [RULE, '/tools/1/name', 1],
        [RULE, '/tools', 2],
      ],
    );
  });

  it('a lower level changes the severity, not what is checked', TIMEOUT, () => {
    const r = runs.warning!;
    assert.equal(r.code, 0, r.stderr);
    for (const name of names) {
      const ds = diagnostics(r, name);
      assert.deepEqual(
        ds.map((d) => [d.ruleId, d.severity]),
        [[RULE, 'warning']],
        name,
      );
      assert.deepEqual([fileRecord(r, name).status, fileRecord(r, name).tools], ['valid', 0]);
    }
  });
});
