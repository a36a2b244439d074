// The throughput table: the CLI end to end against its references, every row side by
// side in one run: A B A B … after one warm-up run of each, the median of the per-pair ratios.
//   1. wall: ajv-cli 5 (upstream 0.7.0 schema, one thread) ÷ ours (--concurrency auto), registry
//   2. CPU: ours --concurrency 0 ÷ a bare read + JSON.parse of the same files (dist/bench/macro/ideal.js)
//   3. the same on the real documents of ../shared/corpus/real (74% invalid, ~50k findings on stdout)
//   4. wall: ours --concurrency 0 ÷ ours --concurrency auto, registry
// CPU is user + sys from /usr/bin/time (GC and helper threads included), wall from spawn to exit; both
// include Node's start-up, for ours and for the references alike. Context measured in the same run:
// `node -e 0`, and how the machine's cores scale the ideal itself over one thread per core.
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { BenchRatio, BenchResult, TimedRun } from '../lib.js';
import { median, round, summarize, timed } from '../lib.js';

const BIN = resolve('bin/mcpdesc-validate.js');
const IDEAL = resolve('dist/bench/macro/ideal.js');
const AJV_CLI = resolve('node_modules/ajv-cli/dist/index.js');
const SHARED_REAL = resolve('../shared/corpus/real');
const UPSTREAM_SCHEMA = resolve(
  '../shared/spec/cisco-open+mcptoolkit-contract/schemas/mcp-description/0.7.0.json',
);

export const PAIRS = 5;

/** The row goals of the table; `better` says which way a row improves. */
export const ROW_GOALS = {
  ajv: { name: 'row 1: ajv-cli wall / our wall (auto), registry', goal: 1.6, better: 'higher' },
  cpu: {
    name: 'row 2: our CPU (--concurrency 0) / read + JSON.parse CPU, registry',
    goal: 1.8,
    better: 'lower',
  },
  real: {
    name: 'row 3: our CPU (--concurrency 0) / read + JSON.parse CPU, real corpus',
    goal: 3.5,
    better: 'lower',
  },
  scaling: { name: 'row 4: our wall --concurrency 0 / our wall auto, registry', goal: 1.7, better: 'higher' },
} as const;

function link(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to); // another file system, or links not allowed
  }
}

/**
 * The registry files that parse as JSON, flat, linked under one directory: ajv-cli aborts at the first
 * file that is not JSON (ajv-cli#78), and every row runs on the same files.
 */
export function parseableView(files: readonly string[], view: string): string {
  if (!existsSync(`${view}.complete`)) {
    rmSync(view, { recursive: true, force: true });
    mkdirSync(view, { recursive: true });
    let i = 0;
    for (const file of files) {
      if (!file.endsWith('.json')) continue;
      try {
        JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        continue;
      }
      link(file, join(view, `${String(i++).padStart(6, '0')}.json`));
    }
    writeFileSync(`${view}.complete`, '');
  }
  return view;
}

/**
 * The real documents: every file in the subfolders of ../shared/corpus/real. The folder's own files
 * (its index, the 12 MB single-document dump, the JSON Lines registry) are no documents of this row.
 * Null when ../shared is not beside the project.
 */
export function realView(view: string): string | null {
  if (!existsSync(SHARED_REAL)) return null;
  if (!existsSync(`${view}.complete`)) {
    rmSync(view, { recursive: true, force: true });
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (dir !== SHARED_REAL) link(path, join(view, relative(SHARED_REAL, path)));
      }
    };
    walk(SHARED_REAL);
    writeFileSync(`${view}.complete`, '');
  }
  return view;
}

function ours(args: string[]): Promise<TimedRun> {
  return timed(process.execPath, [BIN, '--format', 'ndjson', '--no-progress', ...args]);
}

function ajvCli(view: string): Promise<TimedRun> {
  return timed(process.execPath, [
    AJV_CLI,
    'validate',
    '-s',
    UPSTREAM_SCHEMA,
    '-d',
    `${view}/*.json`,
    '--spec=draft7',
    '-c',
    'ajv-formats',
    '--errors=no',
  ]);
}

/**
 * The ideal's read + JSON.parse split over one thread per core, started together once every thread is
 * up: how far this machine's cores scale a perfectly parallel parse-bound job (1 thread ÷ all cores).
 */
async function idealScaling(files: readonly string[], threads: number): Promise<number> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { readFileSync } = require('node:fs');
    parentPort.on('message', () => {
      for (const file of workerData) {
        try { JSON.parse(readFileSync(file, 'utf8')); } catch {}
      }
      parentPort.postMessage('done');
    });`;
  const timeOn = async (n: number) => {
    const shares = Array.from({ length: n }, (_, t) => files.filter((_, i) => i % n === t));
    const workers = shares.map((share) => new Worker(code, { eval: true, workerData: share }));
    await Promise.all(workers.map((w) => new Promise((done) => w.once('online', done))));
    const go = () =>
      Promise.all(
        workers.map((w) => {
          const done = new Promise((resolve) => w.once('message', resolve));
          w.postMessage('go');
          return done;
        }),
      );
    await go(); // warm-up: page cache, JIT
    const start = process.hrtime.bigint();
    await go();
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    await Promise.all(workers.map((w) => w.terminate()));
    return ms;
  };
  const ratios: number[] = [];
  for (let i = 0; i < PAIRS; i++) ratios.push((await timeOn(1)) / (await timeOn(threads)));
  return median(ratios);
}

export interface RowsContext {
  results: BenchResult[];
  ratios: BenchRatio[];
  log: (line: string) => void;
}

export interface RowsRun {
  /** Runs of our CLI with --concurrency auto on the registry view (the registry suite's figures). */
  auto: TimedRun[];
}

function ratio(row: (typeof ROW_GOALS)[keyof typeof ROW_GOALS], values: number[]): BenchRatio {
  return { name: row.name, value: round(median(values), 2), goal: row.goal, better: row.better };
}

/** Every row, pair by pair. `registry` is the parseable view; `real` null skips row 3. */
export async function measureRows(ctx: RowsContext, registry: string, real: string | null): Promise<RowsRun> {
  const ajv = existsSync(UPSTREAM_SCHEMA) && existsSync(AJV_CLI);
  if (!ajv) ctx.log('rows: row 1 skipped: needs ../shared (the upstream 0.7.0 schema) and ajv-cli');
  if (real === null) ctx.log('rows: row 3 skipped: needs ../shared/corpus/real');
  const round1 = async () => {
    const r = {
      auto: await ours(['--concurrency', 'auto', registry]),
      ajv: ajv ? await ajvCli(registry) : null,
      inProcess: await ours(['--concurrency', '0', registry]),
      ideal: await timed(process.execPath, [IDEAL, registry]),
      real: real ? await ours(['--concurrency', '0', real]) : null,
      realIdeal: real ? await timed(process.execPath, [IDEAL, real]) : null,
    };
    return r;
  };
  await round1(); // warm-up: page cache
  const rounds: Array<Awaited<ReturnType<typeof round1>>> = [];
  for (let i = 0; i < PAIRS; i++) rounds.push(await round1());
  const pick = (f: (r: (typeof rounds)[number]) => number | null) =>
    rounds.map(f).filter((x): x is number => x !== null);

  const ms = (name: string, values: number[]) => {
    if (values.length > 0) ctx.results.push(summarize(name, 'ms', 'lower', values));
  };
  ms(
    'rows: registry wall --concurrency auto',
    pick((r) => r.auto.wallMs),
  );
  ms(
    'rows: registry wall --concurrency 0',
    pick((r) => r.inProcess.wallMs),
  );
  ms(
    'rows: registry CPU --concurrency 0',
    pick((r) => r.inProcess.cpuMs),
  );
  ms(
    'rows: registry read + JSON.parse CPU',
    pick((r) => r.ideal.cpuMs),
  );
  ms(
    'rows: registry ajv-cli wall',
    pick((r) => r.ajv?.wallMs ?? null),
  );
  ms(
    'rows: real corpus CPU --concurrency 0',
    pick((r) => r.real?.cpuMs ?? null),
  );
  ms(
    'rows: real corpus read + JSON.parse CPU',
    pick((r) => r.realIdeal?.cpuMs ?? null),
  );

  if (ajv)
    ctx.ratios.push(
      ratio(
        ROW_GOALS.ajv,
        pick((r) => r.ajv!.wallMs / r.auto.wallMs),
      ),
    );
  ctx.ratios.push(
    ratio(
      ROW_GOALS.cpu,
      pick((r) => r.inProcess.cpuMs / r.ideal.cpuMs),
    ),
  );
  if (real)
    ctx.ratios.push(
      ratio(
        ROW_GOALS.real,
        pick((r) => r.real!.cpuMs / r.realIdeal!.cpuMs),
      ),
    );
  ctx.ratios.push(
    ratio(
      ROW_GOALS.scaling,
      pick((r) => r.inProcess.wallMs / r.auto.wallMs),
    ),
  );

  // Context: what the rows are made of, in the same run.
  const node: TimedRun[] = [];
  for (let i = 0; i < PAIRS; i++) node.push(await timed(process.execPath, ['-e', '0']));
  ms(
    'rows: node -e 0 CPU',
    node.map((r) => r.cpuMs),
  );
  const files = readdirSync(registry)
    .filter((name) => name.endsWith('.json'))
    .map((name) => join(registry, name));
  ctx.ratios.push({
    name: 'rows: machine scaling of read + JSON.parse (1 thread / one per core)',
    value: round(await idealScaling(files, cpus().length), 2),
    goal: null,
  });
  return { auto: rounds.map((r) => r.auto) };
}

/** The rows as a table for the console (none when the registry suite did not run). */
export function rowsTable(ratios: readonly BenchRatio[]): string[] {
  if (!Object.values(ROW_GOALS).some((row) => ratios.some((r) => r.name === row.name))) return [];
  return Object.values(ROW_GOALS).map((row) => {
    const found = ratios.find((r) => r.name === row.name);
    const goal = `${row.better === 'higher' ? '≥' : '≤'} ${row.goal}`;
    if (!found) return `  ${row.name}: skipped (goal ${goal})`;
    const met = row.better === 'higher' ? found.value >= row.goal : found.value <= row.goal;
    return `  ${row.name}: ${found.value} (goal ${goal}${met ? ', met' : ', not met'})`;
  });
}

/** Files of a view, for the per-file figures. */
export function countFiles(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json')) {
        files++;
        bytes += statSync(path).size;
      }
    }
  };
  walk(dir);
  return { files, bytes };
}
