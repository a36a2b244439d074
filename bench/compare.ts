// The regression gate: compare a run's figures with a baseline's, each normalized by its own run's
// JSON.parse calibration, so that a slower machine (or a noisy hour) does not read as a regression.
import type { BenchFile, BenchResult } from './lib.js';

export interface ComparisonRow {
  name: string;
  unit: string;
  baseline: number;
  current: number;
  /** Change of the normalized figure, in percent; positive is better. */
  changePct: number;
  regressed: boolean;
}

/** Memory does not scale with CPU speed, so it is compared raw. */
function speedBound(unit: string): boolean {
  return unit !== 'MiB' && unit !== 'bytes';
}

function normalize(result: BenchResult, calibration: number): number {
  if (!speedBound(result.unit)) return result.median;
  // Throughput relative to the machine's JSON.parse speed; durations times that speed (≈ work done).
  return result.better === 'higher' ? result.median / calibration : result.median * calibration;
}

function change(better: 'higher' | 'lower', base: number, current: number): number {
  if (base === 0) return 0;
  const raw = better === 'higher' ? current / base - 1 : base / current - 1;
  return Math.round(raw * 1000) / 10;
}

export function compareBench(baseline: BenchFile, current: BenchFile, thresholdPct: number): ComparisonRow[] {
  const rows: ComparisonRow[] = [];
  const baseByName = new Map(baseline.results.map((r) => [r.name, r]));
  for (const result of current.results) {
    const base = baseByName.get(result.name);
    if (!base || base.unit !== result.unit) continue;
    const b = normalize(base, baseline.calibration.mbPerSec);
    const c = normalize(result, current.calibration.mbPerSec);
    const changePct = change(result.better, b, c);
    rows.push({
      name: result.name,
      unit: result.unit,
      baseline: base.median,
      current: result.median,
      changePct,
      regressed: changePct < -thresholdPct,
    });
  }
  // Ratios are already same-run relative figures, compared as they are, in the direction each improves.
  const baseRatios = new Map(baseline.ratios.map((r) => [r.name, r]));
  for (const ratio of current.ratios) {
    const base = baseRatios.get(ratio.name);
    if (!base) continue;
    const changePct = change(ratio.better ?? 'higher', base.value, ratio.value);
    rows.push({
      name: `ratio: ${ratio.name}`,
      unit: '×',
      baseline: base.value,
      current: ratio.value,
      changePct,
      regressed: changePct < -thresholdPct,
    });
  }
  return rows;
}

export function formatComparison(rows: readonly ComparisonRow[], thresholdPct: number): string {
  const nameWidth = Math.max(10, ...rows.map((r) => r.name.length));
  const lines = [
    `${'figure'.padEnd(nameWidth)}  ${'baseline'.padStart(12)}  ${'current'.padStart(12)}  ${'change'.padStart(8)}  unit`,
  ];
  for (const row of rows) {
    const sign = row.changePct > 0 ? '+' : '';
    lines.push(
      `${row.name.padEnd(nameWidth)}  ${String(row.baseline).padStart(12)}  ${String(row.current).padStart(12)}  ${`${sign}${row.changePct}%`.padStart(8)}  ${row.unit}${row.regressed ? '  REGRESSED' : ''}`,
    );
  }
  const regressed = rows.filter((r) => r.regressed).length;
  lines.push(
    regressed === 0
      ? `no figure worse than the baseline by more than ${thresholdPct}% (normalized by JSON.parse calibration)`
      : `${regressed} figure(s) worse than the baseline by more than ${thresholdPct}%`,
  );
  return lines.join('\n');
}
