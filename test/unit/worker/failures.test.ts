import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InputLimitError } from '../../../src/parsing/read.js';
import { failureFor } from '../../../src/worker/failures.js';

const base = { index: 3, file: 'x.json', format: 'json' as const, gzip: false, bytes: 10 };
const engine = { target: null, ruleLevels: {}, maxDiagnostics: 10 };

describe('failureFor', () => {
  it('keeps the errno code of a read error', () => {
    const error = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    const r = failureFor(error, base, engine, 1);
    assert.deepEqual([r.status, r.error?.code, r.index, r.diagnostics], ['error', 'EACCES', 3, []]);
  });

  it('names the limit of a skipped input', () => {
    const r = failureFor(new InputLimitError('--max-file-size', 100), base, engine, 1);
    assert.equal(r.status, 'skipped');
    assert.match(r.error?.message ?? '', /--max-file-size \(100 bytes\)/);
  });

  it('turns zlib errors into a syntax finding of the document', () => {
    const error = Object.assign(new Error('unexpected end of file'), { code: 'Z_BUF_ERROR' });
    const r = failureFor(error, { ...base, gzip: true }, engine, 1);
    assert.deepEqual(
      [r.status, r.compression, r.diagnostics.map((d) => d.ruleId)],
      ['invalid', 'gzip', ['mcpdesc.document.syntax']],
    );
  });

  it('reports anything else as an internal error of this file only', () => {
    const r = failureFor(new TypeError('boom'), base, engine, 1);
    assert.deepEqual([r.status, r.error?.code], ['error', 'EINTERNAL']);
    assert.match(r.error?.message ?? '', /boom/);
  });
});
