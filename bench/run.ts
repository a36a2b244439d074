// `npm run bench` / `npm run bench:quick`: micro suites in-process, macro suites end to end over
// generated corpora, peers side by side in the same run, written as one JSON file.
//   --quick                smaller corpora (under 3 minutes)
//   --out FILE             where to write results (default bench/results/latest.json)
//   --compare BASELINE     after measuring (or reading --results), gate against BASELINE
//                          (the reference run: bench/results/baseline.json)
//   --results CURRENT      compare an existing results file instead of measuring
//   --threshold PCT        allowed regression in percent (default 10)
//   --only NAME[,NAME]     run only these suites (micro, registry: the throughput table, jsonl, dump, small, versions)
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { writeFileAtomic } from '../src/atomic-file.js';
import { calibrate } from './calibrate.js';
import { compareBench, formatComparison } from './compare.js';
import type { BenchFile, BenchRatio, BenchResult } from './lib.js';
import { benchEnv } from './lib.js';
import { runMacro } from './macro/index.js';
import { PAIRS, rowsTable } from './macro/rows.js';
import { runCheckDocumentMicro } from './micro/check-document.js';
import { runMicro } from './micro/index.js';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    out: { type: 'string', default: 'bench/results/latest.json' },
    compare: { type: 'string' },
    results: { type: 'string' },
    threshold: { type: 'string', default: '10' },
    only: { type: 'string' },
  },
});

function readBench(path: string): BenchFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read benchmark results ${path}: ${(error as Error).message}`);
  }
  const file = parsed as BenchFile;
  if (
    !file ||
    !Array.isArray(file.results) ||
    !file.calibration ||
    typeof file.calibration.mbPerSec !== 'number'
  ) {
    throw new Error(`${path} is not a benchmark results file (needs calibration, results, ratios)`);
  }
  return file;
}

async function measure(): Promise<BenchFile> {
  const only = values.only ? new Set(values.only.split(',')) : null;
  const quick = values.quick ?? false;
  const env = benchEnv();
  console.error(
    `bench: node ${env.node}, ${env.cores} × ${env.cpu}, commit ${env.commit}${quick ? ', quick' : ''}`,
  );
  const calibration = calibrate();
  console.error(`bench: calibration ${calibration.mbPerSec} MB/s JSON.parse`);
  const results: BenchResult[] = [];
  const ratios: BenchRatio[] = [];
  if (!only || only.has('micro')) {
    const micro = await runMicro({ quick });
    results.push(...micro.results);
    ratios.push(...micro.ratios);
  }
  if (!only || only.has('api')) {
    const api = runCheckDocumentMicro({ quick });
    results.push(...api.results);
    ratios.push(...api.ratios);
  }
  const macro = await runMacro({ quick, only });
  results.push(...macro.results);
  ratios.push(...macro.ratios);
  return { env, calibration, results, ratios };
}

async function main(): Promise<number> {
  const threshold = Number(values.threshold);
  if (!Number.isFinite(threshold) || threshold < 0) {
    console.error(`bench: --threshold must be a non-negative number of percent, got ${values.threshold}`);
    return 2;
  }
  let current: BenchFile;
  if (values.results) {
    current = readBench(values.results);
  } else {
    current = await measure();
    const out = values.out ?? 'bench/results/latest.json';
    // The project's one atomic writer: `--out /dev/stdout` or a link is written through, never replaced.
    await writeFileAtomic(out, `${JSON.stringify(current, null, 2)}\n`, { createDirectory: true });
    console.error(`bench: wrote ${out}`);
    for (const r of current.results)
      console.error(`  ${r.name}: ${r.median} ${r.unit} (${r.min}–${r.max}, n=${r.samples})`);
    for (const r of current.ratios) {
      const goal = r.goal === null ? '' : ` (goal ${r.better === 'lower' ? '≤' : '≥'} ${r.goal})`;
      console.error(`  ratio ${r.name}: ${r.value}×${goal}`);
    }
    const rows = rowsTable(current.ratios);
    if (rows.length > 0)
      console.error(`bench: the throughput table (median of ${PAIRS} pairs, same run)\n${rows.join('\n')}`);
  }
  if (values.compare) {
    const baseline = readBench(values.compare);
    const rows = compareBench(baseline, current, threshold);
    console.log(formatComparison(rows, threshold));
    return rows.some((r) => r.regressed) ? 1 : 0;
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`bench: ${(error as Error).message}`);
    process.exitCode = 2;
  },
);
