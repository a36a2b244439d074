import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSummaryAggregator } from '../../../src/reporting/summary.js';
import type { DocumentResult, FileStatus } from '../../../src/types.js';
import { documentResult } from '../../helpers/records.js';

function doc(status: FileStatus, over: Partial<DocumentResult> = {}): DocumentResult {
  return documentResult({ file: 'x', status, bytes: 1000, mcpdesc: null, ...over });
}

describe('summary aggregator', () => {
  it('counts inputs by worst document status and documents separately', () => {
    const s = createSummaryAggregator();
    s.addInput([doc('valid', { tools: 3 })]);
    s.addInput([doc('invalid', { errors: 2, warnings: 1, byRule: { 'r.b': 2, 'r.a': 1 } })]);
    s.addInput([doc('valid'), doc('invalid', { errors: 1, byRule: { 'r.b': 1 } }), doc('valid')]);
    s.addInput([doc('error', { bytes: 0 })]);
    s.addInput([doc('skipped', { bytes: 5000 })]);
    s.addInput([]);
    const r = s.finish({ exitCode: 2, aborted: false, failOn: 'error', wallMs: 1000, peakRssBytes: 42 });
    assert.deepEqual(r.files, { total: 6, valid: 2, invalid: 2, error: 1, skipped: 1 });
    assert.equal(r.documents, 7);
    assert.deepEqual(r.counts, { error: 3, warning: 1, info: 0 });
    assert.deepEqual(Object.entries(r.byRule), [
      ['r.a', 1],
      ['r.b', 3],
    ]);
    assert.equal(r.bytes, 10_000);
    assert.equal(r.tools, 3);
    assert.deepEqual(r.throughput, { filesPerSec: 6, mbPerSec: 0.01, toolsPerSec: 3 });
    assert.equal(r.type, 'summary');
    assert.equal(r.exitCode, 2);
    assert.equal(r.peakRssBytes, 42);
    assert.equal(r.shard, null);
  });

  it('counts rule ids named like members of Object.prototype as any other', () => {
    // A replayed cache entry or a report carries its own byRule: its keys are data.
    const s = createSummaryAggregator();
    const byRule = JSON.parse('{"constructor":777,"__proto__":5,"toString":1,"r.a":2}') as Record<
      string,
      number
    >;
    s.addInput([doc('invalid', { errors: 785, byRule })]);
    s.addInput([doc('invalid', { errors: 785, byRule })]);
    const r = s.finish({ exitCode: 1, aborted: false, failOn: 'error', wallMs: 1000, peakRssBytes: 0 });
    assert.deepEqual(Object.entries(r.byRule), [
      ['__proto__', 10],
      ['constructor', 1554],
      ['r.a', 4],
      ['toString', 2],
    ]);
    assert.equal(JSON.stringify(r.byRule), '{"__proto__":10,"constructor":1554,"r.a":4,"toString":2}');
  });

  it('leaves the bytes of inputs --bail never read out of bytes and mbPerSec', () => {
    const s = createSummaryAggregator();
    s.addInput([doc('valid', { bytes: 2_000_000 })]);
    s.addInput([
      doc('skipped', {
        bytes: 8_000_000,
        error: { code: 'EBAIL', message: 'Not checked: --bail 1 stopped the run' },
      }),
    ]);
    const r = s.finish({ exitCode: 1, aborted: false, failOn: 'error', wallMs: 1000, peakRssBytes: 0 });
    assert.equal(r.bytes, 2_000_000);
    assert.equal(r.throughput.mbPerSec, 2);
    assert.equal(r.files.skipped, 1, 'still counted as a skipped input');
  });

  it('counts an input given in pieces once, by the worst status over all its pieces', () => {
    const s = createSummaryAggregator();
    s.addInput([doc('valid'), doc('error', { bytes: 0 })], true);
    assert.equal(s.files.total, 0, 'not counted before its last piece');
    s.addInput([doc('invalid', { errors: 1 })], true);
    s.addInput([], false);
    s.addInput([doc('valid')]);
    const r = s.finish({ exitCode: 2, aborted: false, failOn: 'error', wallMs: 1000, peakRssBytes: 1 });
    assert.deepEqual(r.files, { total: 2, valid: 1, invalid: 0, error: 1, skipped: 0 });
    assert.equal(r.documents, 4);
  });

  it('reports zero rates for a zero-length run', () => {
    const r = createSummaryAggregator().finish({
      exitCode: 2,
      aborted: true,
      failOn: 'never',
      wallMs: 0,
      peakRssBytes: 1,
    });
    assert.deepEqual(r.throughput, { filesPerSec: 0, mbPerSec: 0, toolsPerSec: 0 });
    assert.equal(r.aborted, true);
  });
});
