// Shared pieces of the benchmark harness: statistics, machine description, timed child processes.
// Benchmarks are never part of `npm test`; figures are compared as ratios taken in the same run,
// because this class of machine drifts by ±30% between runs.
import { execFileSync, spawn } from 'node:child_process';
import { cpus } from 'node:os';

export interface BenchResult {
  name: string;
  unit: string;
  median: number;
  min: number;
  max: number;
  samples: number;
  better: 'higher' | 'lower';
}

export interface BenchRatio {
  name: string;
  value: number;
  goal: number | null;
  /** Which way the ratio improves (absent: higher, as every ratio recorded before had it). */
  better?: 'higher' | 'lower';
}

export interface BenchEnv {
  node: string;
  cpu: string;
  cores: number;
  commit: string;
  date: string;
}

export interface BenchFile {
  env: BenchEnv;
  /** JSON.parse MB/s measured in the same run: the yardstick that makes runs comparable. */
  calibration: { name: string; mbPerSec: number };
  results: BenchResult[];
  ratios: BenchRatio[];
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summarize(
  name: string,
  unit: string,
  better: 'higher' | 'lower',
  values: number[],
): BenchResult {
  return {
    name,
    unit,
    median: round(median(values)),
    min: round(Math.min(...values)),
    max: round(Math.max(...values)),
    samples: values.length,
    better,
  };
}

export function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function benchEnv(): BenchEnv {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // Not a git checkout (e.g. an unpacked tarball): the figures are still valid, only unlabelled.
  }
  return {
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    commit,
    date: new Date().toISOString(),
  };
}

export interface TimedRun {
  wallMs: number;
  peakRssKb: number;
  /** User + system CPU of the process and its threads (GC helpers included), from /usr/bin/time. */
  cpuMs: number;
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Run a command under /usr/bin/time for its peak RSS and CPU time (workers are threads, so the process
 * figures cover them). stdout is kept only when asked, so a 20,000-file NDJSON stream doesn't sit in
 * our memory.
 */
export function timed(command: string, args: string[], options: { keepStdout?: boolean; cwd?: string } = {}) {
  return new Promise<TimedRun>((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn('/usr/bin/time', ['-f', '%M %U %S', command, ...args], {
      cwd: options.cwd ?? process.cwd(),
      env: { ...process.env, CI: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (options.keepStdout) stdout += chunk;
    });
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      if (stderr.length > 1_000_000) stderr = stderr.slice(-100_000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
      const lines = stderr.trimEnd().split('\n');
      const [rss, user, sys] = (lines.at(-1) ?? '').split(' ').map(Number);
      resolve({
        wallMs,
        peakRssKb: Number.isFinite(rss) ? rss! : Number.NaN,
        cpuMs: Number.isFinite(user) && Number.isFinite(sys) ? (user! + sys!) * 1000 : Number.NaN,
        code: code ?? -1,
        stdout,
        stderr: lines.slice(0, -1).join('\n'),
      });
    });
  });
}
