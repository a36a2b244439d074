// A document's result object: its members and their order (the cache store writes results as they are
// built, so a result from any path must keep the one order the store has always had).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DocumentReport } from '../../../src/validation/engine.js';
import { documentResult, failureResult, type ResultBase } from '../../../src/worker/results.js';

const report: DocumentReport = {
  mcpdesc: '0.7.0',
  errors: 1,
  warnings: 2,
  infos: 0,
  tools: 3,
  truncated: false,
  byRule: { 'mcpdesc.x': 3 },
  diagnostics: [],
} as unknown as DocumentReport;

/** Every member a result can have, in the order the cache store has always written them. */
const STORED_ORDER = [
  'index',
  'file',
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
  'line',
  'compression',
  'streamed',
  'status',
  'diagnostics',
];

const plain: ResultBase = { index: 4, file: 'a.json', format: 'json', gzip: false, bytes: 10 };
const every: ResultBase = { ...plain, gzip: true, streamed: true, line: 7 };

describe('document results', () => {
  it('carries the report and its base, members in the stored order', () => {
    const result = documentResult(every, report, 1.23456);
    assert.deepEqual(Object.keys(result), STORED_ORDER);
    assert.deepEqual(
      { ...result },
      {
        index: 4,
        file: 'a.json',
        format: 'json',
        bytes: 10,
        mcpdesc: '0.7.0',
        errors: 1,
        warnings: 2,
        infos: 0,
        tools: 3,
        durationMs: 1.235,
        truncated: false,
        byRule: { 'mcpdesc.x': 3 },
        line: 7,
        compression: 'gzip',
        streamed: true,
        status: 'invalid',
        diagnostics: [],
      },
    );
    assert.equal(documentResult(plain, { ...report, errors: 0 }, 0).status, 'valid');
    assert.deepEqual(Object.keys(documentResult(plain, report, 0)).slice(11), [
      'byRule',
      'status',
      'diagnostics',
    ]);
  });

  it('makes a failure record with nothing counted', () => {
    const result = failureResult(every, 'skipped', 'EMAXSIZE', 'too big', 2);
    assert.deepEqual(Object.keys(result), [...STORED_ORDER, 'error']);
    assert.deepEqual(
      [result.status, result.error, result.mcpdesc, result.errors],
      ['skipped', { code: 'EMAXSIZE', message: 'too big' }, null, 0],
    );
  });
});
