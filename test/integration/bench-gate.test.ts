// `npm run bench -- --compare BASELINE --results CURRENT` end to end: the exit code is what a nightly
// job acts on. (The figures are written here; no benchmark runs.)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { BenchFile } from '../../bench/lib.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-gate-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const runner = new URL('../../bench/run.js', import.meta.url).pathname;

function results(scale: number): string {
  const file: BenchFile = {
    env: { node: 'v20.20.2', cpu: 'x', cores: 2, commit: 'abc', date: '2026-11-30' },
    calibration: { name: 'json-parse', mbPerSec: 300 },
    results: [
      {
        name: 'registry: files/s',
        unit: 'files/s',
        median: 4000 * scale,
        min: 0,
        max: 0,
        samples: 3,
        better: 'higher',
      },
      {
        name: 'registry: wall',
        unit: 'ms',
        median: 5000 / scale,
        min: 0,
        max: 0,
        samples: 3,
        better: 'lower',
      },
    ],
    ratios: [{ name: 'registry: our files/s / ajv-cli files/s', value: 1 * scale, goal: 2.5 }],
  };
  const path = join(dir, `results-${scale}.json`);
  writeFileSync(path, JSON.stringify(file));
  return path;
}

function gate(baseline: string, current: string) {
  return spawnSync(
    process.execPath,
    [runner, '--compare', baseline, '--results', current, '--threshold', '10'],
    {
      encoding: 'utf8',
    },
  );
}

describe('benchmark gate command', () => {
  it('passes against itself', () => {
    const today = results(1);
    const run = gate(today, today);
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /no figure worse/);
  });

  it('fails against a baseline twice as good, naming the figures', () => {
    const run = gate(results(2), results(1));
    assert.equal(run.status, 1, run.stdout + run.stderr);
    assert.match(run.stdout, /registry: files\/s .*REGRESSED/);
    assert.match(run.stdout, /3 figure\(s\) worse/);
  });

  it('refuses a file that is not a results file (exit 2)', () => {
    const bogus = join(dir, 'bogus.json');
    writeFileSync(bogus, '{"hello": 1}');
    const run = gate(bogus, results(1));
    assert.equal(run.status, 2);
    assert.match(run.stderr, /not a benchmark results file/);
  });
});
