import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type ExitFacts, exitCodeFor } from '../../../src/cli/exit-code.js';

const clean: ExitFacts = {
  aborted: false,
  nothingMatched: false,
  errorInputs: 0,
  counts: { error: 0, warning: 0, info: 0 },
  failOn: 'error',
};

describe('exitCodeFor', () => {
  it('is 0 for a clean run and with warnings below --fail-on error', () => {
    assert.equal(exitCodeFor(clean), 0);
    assert.equal(exitCodeFor({ ...clean, counts: { error: 0, warning: 3, info: 9 } }), 0);
  });
  it('is 1 for findings at or above --fail-on', () => {
    assert.equal(exitCodeFor({ ...clean, counts: { error: 1, warning: 0, info: 0 } }), 1);
    assert.equal(exitCodeFor({ ...clean, failOn: 'warning', counts: { error: 0, warning: 1, info: 0 } }), 1);
    assert.equal(exitCodeFor({ ...clean, failOn: 'never', counts: { error: 5, warning: 1, info: 0 } }), 0);
    assert.equal(exitCodeFor({ ...clean, failOn: 'warning', counts: { error: 0, warning: 0, info: 4 } }), 0);
    assert.equal(exitCodeFor({ ...clean, failOn: 'info', counts: { error: 0, warning: 0, info: 1 } }), 1);
  });
  it('is 2 for unreadable inputs or no match, even with findings', () => {
    assert.equal(exitCodeFor({ ...clean, errorInputs: 1, counts: { error: 4, warning: 0, info: 0 } }), 2);
    assert.equal(exitCodeFor({ ...clean, nothingMatched: true }), 2);
    assert.equal(exitCodeFor({ ...clean, outputFailed: true }), 2);
    assert.equal(exitCodeFor({ ...clean, failOn: 'never', errorInputs: 1 }), 2);
  });
  it('is 130 when interrupted, whatever else happened', () => {
    assert.equal(exitCodeFor({ ...clean, aborted: true, errorInputs: 3 }), 130);
  });
});
