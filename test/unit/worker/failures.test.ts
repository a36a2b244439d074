// How a file that cannot be checked is reported: read errors, limits, corrupt gzip, and internal
// failures, which carry the same code (EINTERNAL) whether the file was checked whole, streamed or fanned out.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { InputLimitError } from '../../../src/parsing/read.js';
import { checkFanOut } from '../../../src/pool/fanout.js';
import { levels, type Rule } from '../../../src/validation/rule.js';
import { failureFor } from '../../../src/worker/failures.js';
import { checkStreamed } from '../../../src/worker/streamed.js';
import { OPTIONS, TempDir, VALID_TEXT } from './helpers.js';

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

describe('an internal failure has one code in every mode', () => {
  const dir = new TempDir();
  after(() => dir.remove());
  const throwing: Rule = {
    id: 'test.throws',
    description: 'Throws on every root member.',
    specSection: '1',
    levels: levels('error'),
    examples: { valid: [], invalid: [] },
    create: () => ({
      member() {
        throw new TypeError('boom');
      },
    }),
  };

  it('streamed (a rule that throws) and whole-file: EINTERNAL, worded alike', async () => {
    const job = dir.write('doc.json', VALID_TEXT);
    const streamed = (await checkStreamed(job, { ...OPTIONS, streamThreshold: 0, rules: [throwing] }))
      .documents[0]!;
    const whole = failureFor(new TypeError('boom'), base, engine, 1);
    assert.deepEqual([streamed.status, streamed.streamed, streamed.file], ['error', true, 'doc.json']);
    assert.deepEqual(streamed.error, whole.error);
    assert.deepEqual(whole.error, { code: 'EINTERNAL', message: 'Internal error while checking: boom' });
  });

  it('fan-out: a slice task that fails without a code is EINTERNAL too', async () => {
    const job = dir.write('dump.json', VALID_TEXT);
    const outcome = await checkFanOut(job, { ...OPTIONS, streamThreshold: 0 }, async () => {
      throw new Error('the worker went away');
    });
    assert.equal(outcome.documents[0]!.error?.code, 'EINTERNAL');
  });

  it('a Node error code is kept, without claiming a read error', () => {
    const error = Object.assign(new Error('Worker terminated due to reaching memory limit'), {
      code: 'ERR_WORKER_OUT_OF_MEMORY',
    });
    const r = failureFor(error, base, engine, 1);
    assert.deepEqual(r.error, {
      code: 'ERR_WORKER_OUT_OF_MEMORY',
      message: 'Could not check: Worker terminated due to reaching memory limit',
    });
  });
});
