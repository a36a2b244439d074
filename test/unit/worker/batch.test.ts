import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { documentLines } from '../../../src/records.js';
import type { CheckOptions, FileJob } from '../../../src/types.js';
import { checkBuffer } from '../../../src/worker/check-file.js';
import { checkText } from '../../../src/worker/check-text.js';
import check from '../../../src/worker/index.js';

/** A batch of whole files through the worker's entry point. */
const checkBatch = (task: { jobs: FileJob[]; options: CheckOptions }) =>
  check({ source: { kind: 'files', jobs: task.jobs }, options: task.options });

import { OPTIONS, TempDir, VALID, VALID_TEXT } from './helpers.js';

const dir = new TempDir();
after(() => dir.remove());

describe('worker batch (the Piscina entry)', () => {
  it('returns one outcome per job, in job order, whatever happens to each file', async () => {
    const jobs = [
      dir.write('a.json', VALID_TEXT),
      dir.job('missing.json'),
      dir.write('c.json', '{'),
      dir.write('d.jsonl', '[1]\n[2]\n'),
      dir.write('e.yaml', 'mcpdesc: 0.7.0\n'),
    ];
    const outcomes = await checkBatch({ jobs, options: OPTIONS });
    assert.deepEqual(
      outcomes.map((o) => o.index),
      jobs.map((j) => j.index),
    );
    assert.deepEqual(
      outcomes.map((o) => o.documents.length),
      [1, 1, 1, 2, 1],
    );
    assert.equal(outcomes[1]!.documents[0]!.status, 'error');
    assert.equal(outcomes[2]!.documents[0]!.status, 'invalid');
  });

  it("writes each document's NDJSON records itself when asked, and then keeps no diagnostics", async () => {
    const broken = { ...VALID, tools: [{ name: 'bad name!', inputSchema: { type: 'objekt' } }] };
    const jobs = [
      dir.write('r1.json', VALID_TEXT),
      dir.write('r2.json', JSON.stringify(broken, null, 2)),
      dir.write('r3.json', '{"a": 1,'),
      dir.job('r4-missing.json'),
      dir.write('r5.jsonl', `${JSON.stringify(VALID)}\n${JSON.stringify(broken)}\n`),
    ];
    const plain = await checkBatch({ jobs, options: OPTIONS });
    const written = await checkBatch({ jobs, options: { ...OPTIONS, ndjsonRecords: true } });
    const lines = (outcome: (typeof plain)[number]) =>
      outcome.documents.map((d) => documentLines({ ...d, durationMs: 0 }));
    assert.ok(plain.some((o) => o.documents.some((d) => d.diagnostics.length > 0)));
    written.forEach((outcome, i) => {
      assert.equal(outcome.index, plain[i]!.index);
      // The same records as the main thread would write from the documents (timings aside).
      assert.deepEqual(
        outcome.documents.map((d) => d.ndjson?.replace(/"durationMs":[0-9.e-]+/g, '"durationMs":0')),
        lines(plain[i]!),
      );
      for (const d of outcome.documents) assert.deepEqual(d.diagnostics, []);
      // Counts, status and the rest still come back for the summary.
      assert.deepEqual(
        outcome.documents.map((d) => [d.status, d.errors, d.warnings, d.byRule]),
        plain[i]!.documents.map((d) => [d.status, d.errors, d.warnings, d.byRule]),
      );
    });
  });
});

describe('checkBuffer (stdin)', () => {
  it('sniffs JSON and YAML, and recognises gzip by its magic bytes', async () => {
    const json = await checkBuffer(Buffer.from(VALID_TEXT), '-', 'unknown', OPTIONS);
    assert.equal(json.documents[0]!.format, 'json');
    assert.equal(json.documents[0]!.tools, 1);
    const yaml = await checkBuffer(Buffer.from('mcpdesc: 0.7.0\n'), '-', 'unknown', OPTIONS);
    assert.equal(yaml.documents[0]!.format, 'yaml');
    const gz = await checkBuffer(gzipSync(VALID_TEXT), '-', 'unknown', OPTIONS, 7);
    assert.equal(gz.index, 7);
    assert.equal(gz.documents[0]!.compression, 'gzip');
    assert.equal(gz.documents[0]!.tools, 1);
  });

  it('honours a declared JSON Lines format', async () => {
    const out = await checkBuffer(Buffer.from('[1]\n\n{"mcpdesc":"0.7.0"}\n'), '-', 'jsonl', OPTIONS);
    assert.deepEqual(
      out.documents.map((d) => d.line),
      [1, 3],
    );
  });

  // YAML's flow style starts with `{` as JSON does; it must not get only "Invalid JSON ... found m".
  it('says when text taken for JSON fails on a bare word but parses as YAML', async () => {
    const message = async (text: string, name = '-', format: 'unknown' | 'json' = 'unknown') =>
      (await checkBuffer(Buffer.from(text), name, format, OPTIONS)).documents[0]!.diagnostics[0]!.message;
    const flow = '{mcpdesc: 0.7.0, info: {name: a, version: "1"}}\n';
    assert.match(await message(flow), /^Invalid JSON: .*The text parses as YAML: name the file \.yaml/);
    // Declared JSON (the name or the option says so): no hint.
    assert.doesNotMatch(await message(flow, 'x.json'), /YAML/);
    assert.doesNotMatch(await message(flow, '-', 'json'), /YAML/);
    // Broken JSON that YAML happens to read (a trailing comma): no hint either.
    assert.doesNotMatch(await message('{"mcpdesc": "0.7.0",}'), /YAML/);
    // Not YAML either: no hint.
    assert.doesNotMatch(await message('{mcpdesc: [}'), /YAML/);
  });

  it('never throws on random corruptions of a valid document, in any format', async () => {
    const valid = Buffer.from(JSON.stringify(VALID));
    const yaml = Buffer.from('mcpdesc: 0.7.0\ninfo: {name: a, version: "1"}\ntools:\n  - name: t\n');
    const lines = Buffer.from(`${JSON.stringify(VALID)}\n${JSON.stringify(VALID)}\n`);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          { bytes: valid, format: 'json' as const, gzip: false },
          { bytes: yaml, format: 'yaml' as const, gzip: false },
          { bytes: lines, format: 'jsonl' as const, gzip: false },
          { bytes: valid, format: 'json' as const, gzip: true },
        ),
        fc.array(fc.tuple(fc.nat(), fc.nat(255)), { minLength: 1, maxLength: 4 }),
        fc.nat(),
        async (input, edits, cut) => {
          let bytes = Buffer.from(input.gzip ? gzipSync(input.bytes) : input.bytes);
          for (const [at, value] of edits) bytes[at % bytes.length] = value;
          if (cut % 3 === 0) bytes = bytes.subarray(0, cut % (bytes.length + 1));
          const out = await checkBuffer(bytes, input.gzip ? 'x.gz' : '-', input.format, OPTIONS);
          assert.ok(out.documents.length >= 1);
          for (const d of out.documents) {
            assert.ok(['valid', 'invalid', 'error', 'skipped'].includes(d.status));
            assert.notEqual(d.error?.code, 'EINTERNAL', d.error?.message);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('one document, every container', () => {
  it('gives the same findings as a JSON file, a JSON Lines line and a gzip file', async () => {
    const member = fc.oneof(
      fc.constant(['mcpdesc', '0.7.0']),
      fc.constant(['mcpdesc', 7]),
      fc.constant(['info', { name: 'a', version: '1' }]),
      fc.constant(['transports', [{ type: 'stdio', command: 'a' }]]),
      fc.constant(['tools', [{ name: 't', inputSchema: { type: 'object' } }, { name: '' }]]),
      fc.constant(['tags', [{ name: 'x' }, { name: 'x' }]]),
      fc.tuple(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.array(member, { maxLength: 6 }), fc.jsonValue({ maxDepth: 2 })),
        async (shape) => {
          const doc =
            Array.isArray(shape) && shape.every((m) => Array.isArray(m) && m.length === 2)
              ? Object.fromEntries(shape as Array<[string, unknown]>)
              : shape;
          const compact = JSON.stringify(doc);
          const summary = (d: {
            status: string;
            diagnostics: Array<{ ruleId: string; pointer: string }>;
          }) => ({
            status: d.status,
            found: d.diagnostics.map((x) => `${x.ruleId} ${x.pointer}`),
          });
          const whole = (
            await checkBuffer(Buffer.from(JSON.stringify(doc, null, 2)), 'a.json', 'json', OPTIONS)
          ).documents[0]!;
          const line = (await checkBuffer(Buffer.from(`\n${compact}\n`), 'a.jsonl', 'jsonl', OPTIONS))
            .documents;
          const gz = (await checkBuffer(gzipSync(compact), 'a.json.gz', 'json', OPTIONS)).documents[0]!;
          assert.equal(line.length, 1);
          assert.equal(line[0]!.line, 2);
          assert.deepEqual(summary(line[0]!), summary(whole));
          assert.deepEqual(summary(gz), summary(whole));
          for (const d of line[0]!.diagnostics) assert.equal(d.line, 2);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('checkText (catalogue examples)', () => {
  it('runs the real parser path, BOM included', () => {
    const options = { target: null, ruleLevels: {}, maxDiagnostics: 100 };
    assert.deepEqual(
      checkText('\uFEFF[]', options).diagnostics.map((d) => d.ruleId),
      ['mcpdesc.document.bom', 'mcpdesc.document.root-object'],
    );
    assert.deepEqual(
      checkText('a: 1\na: 2\n', options).diagnostics.map((d) => d.ruleId),
      ['mcpdesc.document.syntax'],
    );
    assert.equal(checkText('{"a":', options).errors, 1);
  });
});
