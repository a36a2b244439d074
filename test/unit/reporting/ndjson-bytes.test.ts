// The NDJSON records, byte for byte: what a consumer diffing two runs (or `merge`, `compare`, the
// cache) sees must not depend on how the reporter builds its lines. The reference here is the plain
// JSON.stringify of each record as docs/cli.md lists its members, in that order.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createNdjsonReporter } from '../../../src/reporting/ndjson.js';
import type { DocumentResult, LocatedDiagnostic } from '../../../src/types.js';
import { documentResult } from '../../helpers/records.js';

function referenceDiagnostic(file: string, d: LocatedDiagnostic): string {
  return JSON.stringify({
    type: 'diagnostic',
    file,
    ruleId: d.ruleId,
    severity: d.severity,
    message: d.message,
    pointer: d.pointer,
    path: d.path,
    line: d.line ?? null,
    column: d.column ?? null,
    endLine: d.endLine ?? null,
    endColumn: d.endColumn ?? null,
    specSection: d.specSection,
    docsUrl: d.docsUrl,
    ...(d.suppressed ? { suppressed: true } : {}),
  });
}

function referenceFile(r: DocumentResult): string {
  const record: Record<string, unknown> = { type: 'file', file: r.file };
  if (r.line !== undefined) record.line = r.line;
  record.status = r.status;
  record.format = r.format;
  if (r.compression) record.compression = r.compression;
  if (r.streamed) record.streamed = true;
  record.bytes = r.bytes;
  record.mcpdesc = r.mcpdesc;
  record.errors = r.errors;
  record.warnings = r.warnings;
  record.infos = r.infos;
  record.tools = r.tools;
  record.durationMs = Math.round(r.durationMs * 1000) / 1000;
  if (r.timings) record.timings = r.timings;
  record.truncated = r.truncated;
  if (r.diagnostics.length !== r.errors + r.warnings + r.infos) {
    // Own keys even for `__proto__`, which plain assignment would take as the prototype.
    const sorted: Record<string, number> = Object.create(null);
    for (const key of Object.keys(r.byRule).sort()) {
      Object.defineProperty(sorted, key, { value: r.byRule[key], enumerable: true });
    }
    record.byRule = sorted;
  }
  if (r.error) record.error = r.error;
  if (r.cached) record.cached = true;
  return JSON.stringify(record);
}

/** Strings that need escaping in JSON: quotes, backslashes, controls, U+2028, lone surrogates. */
const text = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.string({
    unit: fc.constantFrom('"', '\\', '\n', '\u0000', '\u001f', '\u2028', '\ud800', 'é', '😀', 'a', '/'),
  }),
);
const count = fc.oneof(fc.nat(10), fc.constant(0));
const position = fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: undefined });

const diagnostic: fc.Arbitrary<LocatedDiagnostic> = fc
  .record({
    ruleId: text,
    severity: fc.constantFrom('error', 'warning', 'info'),
    message: text,
    pointer: text,
    path: fc.array(fc.oneof(text, fc.nat()), { maxLength: 6 }),
    specSection: text,
    docsUrl: text,
    line: position,
    column: position,
    endLine: position,
    endColumn: position,
    suppressed: fc.option(fc.boolean(), { nil: undefined }),
  })
  .map((d) => {
    const out: LocatedDiagnostic = { ...d } as LocatedDiagnostic;
    for (const key of ['line', 'column', 'endLine', 'endColumn', 'suppressed'] as const)
      if (out[key] === undefined) delete out[key];
    return out;
  });

const timings = fc.record({
  readMs: fc.double({ min: 0, max: 1e4, noNaN: true }),
  parseMs: fc.double({ min: 0, max: 1e4, noNaN: true }),
  validateMs: fc.double({ min: 0, max: 1e4, noNaN: true }),
  locateMs: fc.double({ min: 0, max: 1e4, noNaN: true }),
});

const document: fc.Arbitrary<DocumentResult> = fc
  .record(
    {
      index: fc.nat(),
      file: text,
      line: fc.integer({ min: 1, max: 1e9 }),
      status: fc.constantFrom('valid', 'invalid', 'error', 'skipped'),
      format: fc.constantFrom('json', 'yaml', 'jsonl', 'unknown'),
      compression: fc.constant('gzip'),
      streamed: fc.boolean(),
      bytes: fc.nat(),
      mcpdesc: fc.option(text, { nil: null }),
      errors: count,
      warnings: count,
      infos: count,
      tools: fc.nat(),
      durationMs: fc.double({ min: 0, max: 1e6, noNaN: true }),
      truncated: fc.boolean(),
      byRule: fc.dictionary(text, fc.nat(), { maxKeys: 4 }),
      diagnostics: fc.array(diagnostic, { maxLength: 4 }),
      error: fc.record({ code: text, message: text }),
      cached: fc.boolean(),
      timings,
    },
    {
      requiredKeys: [
        'index',
        'file',
        'status',
        'format',
        'bytes',
        'mcpdesc',
        'errors',
        'warnings',
        'infos',
        'tools',
        'durationMs',
        'truncated',
        'byRule',
        'diagnostics',
      ],
    },
  )
  .map((r) => r as DocumentResult);

function written(result: DocumentResult): string {
  const chunks: string[] = [];
  const sink = new Writable({
    decodeStrings: false,
    write(chunk: string, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  void createNdjsonReporter(sink).onDocument(result);
  return chunks.join('');
}

describe('ndjson records, byte for byte', () => {
  it('writes each diagnostic and file record exactly as JSON.stringify of its members in order', () => {
    fc.assert(
      fc.property(document, (result) => {
        const expected = `${result.diagnostics.map((d) => `${referenceDiagnostic(result.file, d)}\n`).join('')}${referenceFile(result)}\n`;
        assert.equal(written(result), expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes records of one rule alike whatever severity, section, link and message each carries', () => {
    // Few values per member, so that records of one rule id meet with the same and with other
    // severities, sections, links and messages, in any order and across documents.
    const few = (values: string[]) => fc.constantFrom(...values);
    const repeated: fc.Arbitrary<LocatedDiagnostic> = fc.record({
      ruleId: few(['r.one', 'r.two', 'r\u00e9"three']),
      severity: fc.constantFrom('error', 'warning', 'info'),
      message: few(['same', 'Tool "a": bad', 'line\nbreak', '']),
      pointer: few(['/tools/0', '/a~1b', '/é']),
      path: fc.array(fc.oneof(few(['tools', 'a/b', 'q"x', '']), fc.nat(3)), { maxLength: 3 }),
      specSection: few(['9.1', '4']),
      docsUrl: few(['https://x/r.md', 'https://y/r.md']),
    }) as fc.Arbitrary<LocatedDiagnostic>;
    fc.assert(
      fc.property(fc.array(fc.array(repeated, { maxLength: 6 }), { maxLength: 4 }), (lists) => {
        for (const diagnostics of lists) {
          const result = documentResult({ status: 'invalid', errors: diagnostics.length, diagnostics });
          const expected = diagnostics.map((d) => `${referenceDiagnostic(result.file, d)}\n`).join('');
          assert.equal(written(result), `${expected}${referenceFile(result)}\n`);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps a rule id named __proto__ in byRule as an own member', () => {
    const result = {
      index: 0,
      file: 'a.json',
      status: 'invalid',
      format: 'json',
      bytes: 2,
      mcpdesc: null,
      errors: 3,
      warnings: 0,
      infos: 0,
      tools: 0,
      durationMs: 0,
      truncated: true,
      byRule: Object.fromEntries([['__proto__', 3]]),
      diagnostics: [],
    } as unknown as DocumentResult;
    const record = JSON.parse(written(result));
    assert.deepEqual(Object.entries(record.byRule), [['__proto__', 3]]);
  });
});
