// Macro benchmarks: the CLI end to end over generated corpora, with its peers run side by side in the
// same run (the throughput table's rows in rows.ts: ajv-cli 5 with the upstream 0.7.0 schema, a
// single-thread read + JSON.parse "ideal", our own in-process run; a stream-json pick + streamArray
// pipeline for the dump). Only ratios survive drift.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BenchRatio, BenchResult, TimedRun } from '../lib.js';
import { median, round, summarize, timed } from '../lib.js';
import { countFiles, measureRows, parseableView, realView } from './rows.js';
import { versions } from './versions.js';

const BIN = resolve('bin/mcpdesc-validate.js');
const GENERATED = resolve('corpus/generated');

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

/**
 * The registry: the throughput table's rows (rows.ts) on its files that parse, and from the same runs
 * of --concurrency auto the figures the gate follows (files/s, MB/s, tools/s, wall, peak RSS).
 */
async function registry(ctx: Ctx) {
  const count = ctx.quick ? 2000 : 10_000;
  const dir = ensureRegistry(count);
  const files = listFiles(dir);
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { tools?: number };
  const view = parseableView(files, join(GENERATED, `bench-registry-${count}-parseable`));
  const real = realView(join(GENERATED, 'bench-real'));
  const { auto } = await measureRows({ ...ctx, log: (line) => console.error(`bench: ${line}`) }, view, real);
  const { files: viewFiles, bytes } = countFiles(view);
  // As the generator counted them (the few files that do not parse are left out of the view).
  const tools = manifest.tools ?? 0;
  const wall = auto.map((r) => r.wallMs);
  ctx.results.push(
    summarize(
      'registry: files/s',
      'files/s',
      'higher',
      wall.map((ms) => viewFiles / (ms / 1000)),
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
  return { dir, files, filesPerSec: viewFiles / (median(wall) / 1000) };
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
  const reg = (await step('registry', () => registry(ctx))) as
    | Awaited<ReturnType<typeof registry>>
    | undefined;
  if (reg) await step('jsonl', () => jsonl(ctx, reg.files, reg.filesPerSec));
  await step('dump', () => dump(ctx));
  await step('small', () => small(ctx));
  await step('versions', () => versions(ctx));
  return ctx;
}
