// The cost of checking 0.8.0 next to 0.7.0: the corpus generator's registry shape written once as 0.7.0
// and once as 0.8.0 documents (same seed, same file and tool counts), each checked end to end by the CLI,
// alternately (A B A B...), so that drift hits both. Reports documents per second of each and their
// ratio, by wall time and by CPU time (user + sys, from /usr/bin/time).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BenchRatio, BenchResult } from '../lib.js';
import { median, round, summarize } from '../lib.js';

const BIN = resolve('bin/mcpdesc-validate.js');
const GENERATED = resolve('corpus/generated');

interface Ctx {
  quick: boolean;
  results: BenchResult[];
  ratios: BenchRatio[];
}

/** The registry of `files` documents of `version`, generated once (seed 1). */
function corpus(files: number, version: '0.7.0' | '0.8.0'): { dir: string; files: number } {
  const dir = join(GENERATED, `bench-versions-${version}-${files}`);
  if (!existsSync(join(dir, 'manifest.json'))) {
    rmSync(dir, { recursive: true, force: true });
    const args = ['dist/corpus/generator/registry.js', '--out', dir, '--files', String(files), '--seed', '1'];
    const run = spawnSync(process.execPath, [...args, '--mcpdesc', version], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (run.status !== 0) throw new Error(`registry generator failed for ${version} (${run.status})`);
  }
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { files: number };
  return { dir, files: manifest.files };
}

/** One CLI run over a corpus: wall and CPU seconds. */
function check(dir: string): { wall: number; cpu: number } {
  const run = spawnSync(
    '/usr/bin/time',
    [
      '-f',
      '%e %U %S',
      process.execPath,
      BIN,
      '--format',
      'ndjson',
      '--no-progress',
      `${dir}/**/*.mcpdesc.json`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CI: '1' }, maxBuffer: 1 << 26 },
  );
  const last = run.stderr.toString('utf8').trimEnd().split('\n').at(-1) ?? '';
  const [wall, user, sys] = last.split(' ').map(Number);
  if (!Number.isFinite(wall) || !Number.isFinite(user) || !Number.isFinite(sys)) {
    throw new Error(`cannot read /usr/bin/time output: ${last}`);
  }
  return { wall: wall!, cpu: user! + sys! };
}

export async function versions(ctx: Ctx): Promise<void> {
  const count = ctx.quick ? 1000 : 5000;
  const pairs = ctx.quick ? 3 : 5;
  const a = corpus(count, '0.7.0');
  const b = corpus(count, '0.8.0');
  check(a.dir);
  check(b.dir);
  const runs: Record<'0.7.0' | '0.8.0', Array<{ wall: number; cpu: number }>> = { '0.7.0': [], '0.8.0': [] };
  for (let i = 0; i < pairs; i++) {
    runs['0.7.0'].push(check(a.dir));
    runs['0.8.0'].push(check(b.dir));
  }
  for (const [version, files] of [
    ['0.7.0', a.files],
    ['0.8.0', b.files],
  ] as const) {
    const list = runs[version];
    ctx.results.push(
      summarize(
        `versions: ${version} documents/s`,
        'docs/s',
        'higher',
        list.map((r) => files / r.wall),
      ),
    );
    ctx.results.push(
      summarize(
        `versions: ${version} documents/CPU-s`,
        'docs/s',
        'higher',
        list.map((r) => files / r.cpu),
      ),
    );
  }
  const ratio = (key: 'wall' | 'cpu') =>
    round(median(runs['0.8.0'].map((r, i) => r[key] / runs['0.7.0'][i]![key])), 2);
  // Context, not a goal: how much more a 0.8.0 document costs than a 0.7.0 one of the same shape.
  ctx.ratios.push({
    name: 'versions: 0.8.0 / 0.7.0 wall, same registry shape',
    value: ratio('wall'),
    goal: null,
  });
  ctx.ratios.push({
    name: 'versions: 0.8.0 / 0.7.0 CPU, same registry shape',
    value: ratio('cpu'),
    goal: null,
  });
}
