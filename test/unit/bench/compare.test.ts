import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareBench } from '../../../bench/compare.js';
import type { BenchFile } from '../../../bench/lib.js';

function file(scale: number, calibration = 80): BenchFile {
  return {
    env: { node: 'v20', cpu: 'x', cores: 2, commit: 'abc', date: '2026-11-30' },
    calibration: { name: 'json-parse', mbPerSec: calibration },
    results: [
      {
        name: 'registry files/s',
        unit: 'files/s',
        median: 1000 * scale,
        min: 0,
        max: 0,
        samples: 3,
        better: 'higher',
      },
      { name: 'registry wall', unit: 'ms', median: 500 / scale, min: 0, max: 0, samples: 3, better: 'lower' },
      { name: 'dump peak RSS', unit: 'MiB', median: 200, min: 0, max: 0, samples: 3, better: 'lower' },
    ],
    ratios: [{ name: 'vs ajv-cli', value: 3 * scale, goal: 2.5 }],
  };
}

describe('benchmark regression gate', () => {
  it('passes against itself', () => {
    const rows = compareBench(file(1), file(1), 10);
    assert.equal(rows.length, 4);
    assert.ok(rows.every((r) => !r.regressed && r.changePct === 0));
  });

  it('fails against a baseline twice as good', () => {
    const rows = compareBench(file(2), file(1), 10);
    const regressed = rows.filter((r) => r.regressed).map((r) => r.name);
    assert.deepEqual(regressed, ['registry files/s', 'registry wall', 'ratio: vs ajv-cli']);
  });

  it('does not call a slower machine a regression when calibration explains it', () => {
    // Same code on a machine half as fast: throughput halves, and so does JSON.parse.
    const slow = file(0.5, 40);
    const rows = compareBench(file(1, 80), { ...slow, ratios: file(1).ratios }, 10);
    assert.ok(
      rows.every((r) => !r.regressed),
      JSON.stringify(rows),
    );
  });

  it('flags memory growth without normalizing it', () => {
    const current = file(1);
    current.results[2] = { ...current.results[2]!, median: 260 };
    const rows = compareBench(file(1), current, 10);
    assert.deepEqual(
      rows.filter((r) => r.regressed).map((r) => r.name),
      ['dump peak RSS'],
    );
  });

  it('judges a ratio that improves downwards (CPU over the ideal) in its own direction', () => {
    const withRatio = (value: number): BenchFile => ({
      ...file(1),
      ratios: [{ name: 'our CPU / ideal CPU', value, goal: 1.8, better: 'lower' }],
    });
    const worse = compareBench(withRatio(1.6), withRatio(2.0), 10).find((r) => r.name.includes('ideal'));
    assert.equal(worse?.regressed, true);
    assert.equal(worse?.changePct, -20);
    const better = compareBench(withRatio(2.0), withRatio(1.6), 10).find((r) => r.name.includes('ideal'));
    assert.equal(better?.regressed, false);
    assert.equal(better?.changePct, 25);
  });
});
