// Macro benchmarks: the CLI end to end over generated corpora, with its peers run side by side in the
// same session (ajv-cli 5 with the upstream 0.7.0 schema, a single-thread read + JSON.parse "ideal",
// our own lower concurrency, a stream-json pick + streamArray pipeline). Only ratios survive drift.
import { spawnSync } from 'node:child_process';
import {
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
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { BenchRatio, BenchResult, TimedRun } from '../lib.js';
import { round, summarize, timed } from '../lib.js';
import { versions } from './versions.js';

const BIN = resolve('bin/mcpdesc-validate.js');
const GENERATED = resolve('corpus/generated');
const UPSTREAM_SCHEMA = resolve(
  '../shared/spec/cisco-open+mcptoolkit-contract/schemas/mcp-description/0.7.0.json',
);
const AJV_CLI = resolve('node_modules/ajv-cli/dist/index.js');

interface Ctx {
  quick: boolean;
  results: BenchResult[];
  ratios: BenchRatio[];
}

function ensureRegistry(files: number): string {
  const dir = join(GENERATED, `bench-registry-${files}`);
  if (!existsSync(join(dir, 'manifest.json'))) {
    rmSync(dir, { recursive: true, force: true });
    const run = spawnNode([
      'dist/corpus/generator/registry.js',
      '--out',
      dir,
      '--files',
      String(files),
      '--seed',
      '1',
    ]);
    if (run !== 0) throw new Error(`registry generator failed (${run})`);
  }
  return dir;
}

function spawnNode(args: string[]): number {
  return spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] }).status ?? 1;
}

function listFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) listFiles(full, out);
    else if (/\.(json|ya?ml|jsonl|ndjson)(\.gz)?$/.test(name) && name !== 'manifest.json') out.push(full);
  }
  return out;
}

async function repeat(runs: number, fn: () => Promise<TimedRun>): Promise<TimedRun[]> {
  await fn(); // warm-up: page cache, V8 code cache
  const out: TimedRun[] = [];
  for (let i = 0; i < runs; i++) out.push(await fn());
  return out;
}

function ours(args: string[]): Promise<TimedRun> {
  return timed(process.execPath, [BIN, '--format', 'ndjson', '--no-progress', ...args]);
}

/** Single-thread read + JSON.parse of every file: the ceiling a parse-bound validator can approach. */
function idealSingleThreadMs(files: readonly string[]): number {
  const start = process.hrtime.bigint();
  for (const file of files) {
    const bytes = readFileSync(file);
    try {
      JSON.parse(bytes.toString('utf8'));
    } catch {
      // Not JSON: ours reports it; reading it was still work the ideal does too.
    }
  }
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * The same read + JSON.parse split over one thread per core, started together: what this machine's
 * cores give a perfectly parallel parse-bound job. The "ideal" above assumes perfect scaling; on a
 * shared VM the cores may not deliver it, and this figure says how far they do.
 */
async function idealParallelMs(files: readonly string[], threads: number): Promise<number> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { readFileSync } = require('node:fs');
    parentPort.once('message', () => {
      for (const file of workerData) {
        const bytes = readFileSync(file);
        try { JSON.parse(bytes.toString('utf8')); } catch {}
      }
      parentPort.postMessage('done');
    });`;
  const shares = Array.from({ length: threads }, (_, t) => files.filter((_, i) => i % threads === t));
  const workers = shares.map((share) => new Worker(code, { eval: true, workerData: share }));
  // Started together once every thread is up, so thread start-up is not timed.
  await Promise.all(workers.map((w) => new Promise((resolve) => w.once('online', resolve))));
  const start = process.hrtime.bigint();
  await Promise.all(
    workers.map((w) => {
      const done = new Promise((resolve) => w.once('message', resolve));
      w.postMessage('go');
      return done;
    }),
  );
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  await Promise.all(workers.map((w) => w.terminate()));
  return ms;
}

async function registry(ctx: Ctx, only: Set<string> | null) {
  const count = ctx.quick ? 2000 : 20_000;
  const runs = ctx.quick ? 2 : 3;
  const dir = ensureRegistry(count);
  const files = listFiles(dir);
  const bytes = files.reduce((n, f) => n + statSync(f).size, 0);
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { tools?: number };
  const tools = manifest.tools ?? 0;

  // The glob leaves out manifest.json, which sits in the corpus root.
  const pattern = `${dir}/**/*.mcpdesc.json`;
  const auto = await repeat(runs, () => ours(['--concurrency', 'auto', pattern]));
  const one = await repeat(runs, () => ours(['--concurrency', '1', pattern]));
  const idealRuns: number[] = [];
  idealSingleThreadMs(files);
  const singleRuns: number[] = [];
  for (let i = 0; i < runs; i++) singleRuns.push(idealSingleThreadMs(files));
  for (const ms of singleRuns) idealRuns.push(ms / cpus().length);
  const parallelRuns: number[] = [];
  for (let i = 0; i < runs; i++) parallelRuns.push(await idealParallelMs(files, cpus().length));

  const wall = auto.map((r) => r.wallMs);
  ctx.results.push(
    summarize(
      'registry: files/s',
      'files/s',
      'higher',
      wall.map((ms) => files.length / (ms / 1000)),
    ),
  );
  ctx.results.push(
    summarize(
      'registry: MB/s',
      'MB/s',
      'higher',
      wall.map((ms) => bytes / 1e6 / (ms / 1000)),
    ),
  );
  if (tools)
    ctx.results.push(
      summarize(
        'registry: tools/s',
        'tools/s',
        'higher',
        wall.map((ms) => tools / (ms / 1000)),
      ),
    );
  ctx.results.push(summarize('registry: wall', 'ms', 'lower', wall));
  ctx.results.push(
    summarize(
      'registry: peak RSS',
      'MiB',
      'lower',
      auto.map((r) => r.peakRssKb / 1024),
    ),
  );
  ctx.results.push(
    summarize(
      'registry: wall --concurrency 1',
      'ms',
      'lower',
      one.map((r) => r.wallMs),
    ),
  );
  ctx.results.push(summarize('registry: ideal (read + json-parse ÷ cores)', 'ms', 'lower', idealRuns));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  ctx.ratios.push({
    name: 'registry: ideal json-parse wall / our wall',
    value: round(median(idealRuns) / median(wall), 2),
    goal: round(1 / 1.3, 2),
  });
  ctx.results.push(
    summarize('registry: read + json-parse on one thread per core', 'ms', 'lower', parallelRuns),
  );
  // Context for the two ratios above, not a goal of ours: how well the cores scale a pure parse.
  ctx.ratios.push({
    name: 'registry: machine scaling of read + json-parse (1 thread ÷ all cores)',
    value: round(median(singleRuns) / median(parallelRuns), 2),
    goal: null,
  });
  ctx.ratios.push({
    name: 'registry: our speed / own --concurrency 1',
    value: round(median(one.map((r) => r.wallMs)) / median(wall), 2),
    goal: 1.7,
  });

  if (existsSync(UPSTREAM_SCHEMA) && (!only || only.has('ajv'))) {
    // ajv-cli aborts at the first file that is not JSON (ajv-cli#78), so it gets the parseable subset.
    const view = join(dir, '..', `bench-registry-${count}-ajv`);
    if (!existsSync(view)) {
      mkdirSync(view, { recursive: true });
      let i = 0;
      for (const file of files) {
        if (!file.endsWith('.json')) continue;
        try {
          JSON.parse(readFileSync(file, 'utf8'));
        } catch {
          continue;
        }
        linkSync(file, join(view, `${String(i++).padStart(6, '0')}.json`));
      }
    }
    const viewFiles = readdirSync(view).length;
    const ajv = await repeat(runs, () =>
      timed(process.execPath, [
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
      ]),
    );
    const ajvRate = ajv.map((r) => viewFiles / (r.wallMs / 1000));
    ctx.results.push(summarize('registry: ajv-cli files/s', 'files/s', 'higher', ajvRate));
    ctx.ratios.push({
      name: 'registry: our files/s / ajv-cli files/s',
      value: round(files.length / (median(wall) / 1000) / median(ajvRate), 2),
      goal: 2.5,
    });
  }
  return { dir, files, filesPerSec: files.length / (median(wall) / 1000) };
}

async function jsonl(ctx: Ctx, files: readonly string[], separateRate: number) {
  const out = join(GENERATED, `bench-registry-${files.length}.jsonl`);
  let documents = 0;
  if (!existsSync(out)) {
    const lines: string[] = [];
    for (const file of files) {
      try {
        lines.push(JSON.stringify(JSON.parse(readFileSync(file, 'utf8'))));
      } catch {
        // The JSON Lines dump holds the parseable documents only.
      }
    }
    writeFileSync(out, `${lines.join('\n')}\n`);
  }
  documents = readFileSync(out, 'utf8').split('\n').filter(Boolean).length;
  const runs = await repeat(ctx.quick ? 2 : 3, () => ours([out]));
  const rate = runs.map((r) => documents / (r.wallMs / 1000));
  ctx.results.push(summarize('jsonl: documents/s', 'docs/s', 'higher', rate));
  const sorted = [...rate].sort((a, b) => a - b);
  ctx.ratios.push({
    name: 'jsonl: documents/s / separate files/s',
    value: round(sorted[sorted.length >> 1]! / separateRate, 2),
    goal: 1,
  });
}

async function dump(ctx: Ctx) {
  const size = ctx.quick ? '100MB' : '1GB';
  const file = join(GENERATED, `bench-dump-${size}.json`);
  if (!existsSync(file)) {
    const code = spawnNode(['dist/corpus/generator/dump.js', '--out', file, '--size', size, '--seed', '1']);
    if (code !== 0) throw new Error(`dump generator failed (${code})`);
  }
  const bytes = statSync(file).size;
  const runs = ctx.quick ? 1 : 2;
  const auto = await repeat(runs, () => ours(['--concurrency', 'auto', file]));
  const single = await repeat(runs, () => ours(['--concurrency', '0', file]));
  const streamJson = await repeat(runs, () =>
    timed(process.execPath, ['dist/bench/macro/stream-json-count.js', file]),
  );
  const mbs = (r: TimedRun) => bytes / 1e6 / (r.wallMs / 1000);
  ctx.results.push(summarize('dump: MB/s', 'MB/s', 'higher', auto.map(mbs)));
  ctx.results.push(
    summarize(
      'dump: peak RSS',
      'MiB',
      'lower',
      auto.map((r) => r.peakRssKb / 1024),
    ),
  );
  ctx.results.push(summarize('dump: single-thread streaming MB/s', 'MB/s', 'higher', single.map(mbs)));
  ctx.results.push(
    summarize('dump: stream-json pick+streamArray MB/s', 'MB/s', 'higher', streamJson.map(mbs)),
  );
  const med = (rs: TimedRun[]) => [...rs.map(mbs)].sort((a, b) => a - b)[rs.length >> 1]!;
  ctx.ratios.push({
    name: 'dump: our MB/s / own single-thread streaming',
    value: round(med(auto) / med(single), 2),
    goal: 1.5,
  });
  ctx.ratios.push({
    name: 'dump: our MB/s / stream-json pick+streamArray',
    value: round(med(auto) / med(streamJson), 2),
    goal: 5,
  });
}

async function small(ctx: Ctx) {
  const sample = listFiles(resolve('corpus/samples')).find((f) => f.endsWith('.json'));
  if (!sample) return;
  const runs = ctx.quick ? 5 : 15;
  const node = await repeat(runs, () => timed(process.execPath, ['-e', '0']));
  const ourRuns = await repeat(runs, () => ours([sample]));
  const wall = (rs: TimedRun[]) => [...rs.map((r) => r.wallMs)].sort((a, b) => a - b)[rs.length >> 1]!;
  ctx.results.push(
    summarize(
      'small file: wall',
      'ms',
      'lower',
      ourRuns.map((r) => r.wallMs),
    ),
  );
  ctx.results.push(
    summarize(
      'small file: node -e 0 wall',
      'ms',
      'lower',
      node.map((r) => r.wallMs),
    ),
  );
  ctx.ratios.push({
    name: 'small file: node -e 0 wall / our wall',
    value: round(wall(node) / wall(ourRuns), 2),
    goal: 0.5,
  });
}

export async function runMacro({ quick, only }: { quick: boolean; only: Set<string> | null }) {
  const ctx: Ctx = { quick, results: [], ratios: [] };
  const want = (name: string) => !only || only.has(name);
  const step = async (name: string, fn: () => Promise<unknown>) => {
    if (!want(name)) return undefined;
    console.error(`bench: ${name}…`);
    try {
      return await fn();
    } catch (error) {
      console.error(`bench: ${name} failed: ${(error as Error).message}`);
      return undefined;
    }
  };
  const reg = (await step('registry', () => registry(ctx, only))) as
    | Awaited<ReturnType<typeof registry>>
    | undefined;
  if (reg) await step('jsonl', () => jsonl(ctx, reg.files, reg.filesPerSec));
  await step('dump', () => dump(ctx));
  await step('small', () => small(ctx));
  await step('versions', () => versions(ctx));
  return ctx;
}
