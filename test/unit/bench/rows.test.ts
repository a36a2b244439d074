// The throughput table as the bench prints it: each row against its goal in the row's own direction,
// a row that could not run (no ../shared beside the project) said to be skipped, and nothing at all
// when the registry suite did not run.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BenchRatio } from '../../../bench/lib.js';
import { ROW_GOALS, rowsTable } from '../../../bench/macro/rows.js';

const ratio = (row: keyof typeof ROW_GOALS, value: number): BenchRatio => ({
  name: ROW_GOALS[row].name,
  value,
  goal: ROW_GOALS[row].goal,
  better: ROW_GOALS[row].better,
});

describe('the throughput table', () => {
  it('judges each row in its own direction and names the rows that did not run', () => {
    const lines = rowsTable([ratio('ajv', 1.7), ratio('cpu', 1.9), ratio('scaling', 1.2)]);
    assert.equal(lines.length, 4);
    assert.match(lines[0]!, /row 1: .*: 1\.7 \(goal ≥ 1\.6, met\)$/);
    assert.match(lines[1]!, /row 2: .*: 1\.9 \(goal ≤ 1\.8, not met\)$/);
    assert.match(lines[2]!, /row 3: .*: skipped \(goal ≤ 3\.5\)$/);
    assert.match(lines[3]!, /row 4: .*: 1\.2 \(goal ≥ 1\.7, not met\)$/);
    assert.match(rowsTable([ratio('cpu', 1.8)])[1]!, /met\)$/);
  });

  it('prints nothing when no row was measured', () => {
    assert.deepEqual(rowsTable([{ name: 'dump: our MB/s / stream-json', value: 9, goal: 5 }]), []);
  });
});
