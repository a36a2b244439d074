// `--stats` for people: the closing lines that the text report (and, without it, the stderr closing
// line) adds. The figures themselves are in the summary record (`stats`).
import type { SummaryRecord } from '../types.js';

/** How many rules the closing lines name, slowest first (ESLint's TIMING shows 10; one line holds 5). */
export const TOP_RULES = 5;

function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}

/** The phases summed over documents, and the slowest rules; none without --stats. */
export function statsLines(summary: SummaryRecord): string[] {
  const stats = summary.stats;
  if (!stats) return [];
  const p = stats.phases;
  const lines = [
    `Time by phase (summed over documents): read ${ms(p.readMs)}, parse ${ms(p.parseMs)}, ` +
      `validate ${ms(p.validateMs)}, locate ${ms(p.locateMs)}`,
  ];
  const slowest = Object.entries(stats.rules)
    .sort(([a, x], [b, y]) => y.ms - x.ms || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, TOP_RULES);
  if (slowest.length > 0) {
    lines.push(`Slowest rules: ${slowest.map(([id, t]) => `${id} ${ms(t.ms)}`).join(', ')}`);
  }
  return lines;
}
