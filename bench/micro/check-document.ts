// What checkDocument() costs a registry per clean document, next to JSON.parse of the same text and to
// what the CLI spends per document when it checks the same documents as files in-process. In-process
// figures: CPU time of a loop over every document, passes alternating, median per document. The CLI's:
// CPU time (/usr/bin/time, user + system) of cold runs with --concurrency 0 over all the files and over
// one, alternating; their difference per file is its per-document cost without start-up. The first
// pass of checkDocument(text) is reported too: the process's first use of it, cold as a CLI run is.
// Part of `npm run bench` (suite `api`), or on its own after a build:
//   node dist/bench/micro/check-document.js [--files N] [--passes N] [--pairs N]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMain } from '../../corpus/generator/main.js';
import { generateRegistry } from '../../corpus/generator/registry.js';
import { checkDocument } from '../../src/api/check-document.js';
import type { BenchRatio, BenchResult } from '../lib.js';
import { median, round } from '../lib.js';

const BIN = fileURLToPath(new URL('../../../bin/mcpdesc-validate.js', import.meta.url));

export interface CheckDocumentFigures {
  documents: number;
  bytes: number;
  /** Median µs per document of each in-process step, and of the CLI's per-document CPU. */
  perDocumentUs: Record<string, number>;
  passes: number;
  pairs: number;
}

function documentsUnder(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) documentsUnder(full, out);
    else if (name.endsWith('.mcpdesc.json')) out.push(full);
  }
  return out;
}

function cpuMs(fn: () => void): number {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** User + system CPU ms of one cold CLI run, in-process (no worker threads), output discarded. */
function cliCpuMs(files: readonly string[]): number {
  const run = spawnSync(
    '/usr/bin/time',
    ['-f', '%U %S', process.execPath, BIN, '--concurrency', '0', '-f', 'ndjson', ...files],
    { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', env: { ...process.env, CI: '1' } },
  );
  const [user, sys] = (run.stderr.trimEnd().split('\n').at(-1) ?? '').split(' ').map(Number);
  if (run.status !== 0 || !Number.isFinite(user) || !Number.isFinite(sys)) {
    throw new Error(`the CLI run failed (exit ${run.status}): ${run.stderr.slice(0, 500)}`);
  }
  return (user! + sys!) * 1000;
}

/** Measures on `count` clean generated registry documents (the documents are made in a temp dir). */
export function measureCheckDocument(count: number, passes: number, pairs: number): CheckDocumentFigures {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-bench-api-'));
  try {
    generateRegistry({ out: dir, files: count, seed: 22, defectRate: 0, notJsonRate: 0 });
    const files = documentsUnder(dir);
    const bytes = files.map((f) => readFileSync(f));
    const texts = bytes.map((b) => b.toString('utf8'));
    const parsed = texts.map((t) => JSON.parse(t) as unknown);
    const steps: Array<[string, () => void]> = [
      [
        'JSON.parse(text)',
        () => {
          for (const t of texts) JSON.parse(t);
        },
      ],
      [
        'checkDocument(text)',
        () => {
          for (const t of texts) checkDocument(t);
        },
      ],
      [
        'checkDocument(bytes)',
        () => {
          for (const b of bytes) checkDocument(b);
        },
      ],
      [
        'checkDocument(parsed value)',
        () => {
          for (const v of parsed) checkDocument(v);
        },
      ],
    ];
    const samples = new Map<string, number[]>(steps.map(([name]) => [name, []]));
    for (let pass = 0; pass < passes; pass++) {
      for (const [name, fn] of steps) samples.get(name)!.push((cpuMs(fn) * 1000) / files.length);
    }
    // Checked after the passes, so that the first pass of checkDocument(text) is this process's first use.
    for (const text of texts) {
      const status = checkDocument(text).status;
      if (status !== 'valid') throw new Error(`a generated document is ${status}, not clean`);
    }
    const cli: number[] = [];
    for (let pair = 0; pair < pairs; pair++) {
      const one = cliCpuMs(files.slice(0, 1));
      const all = cliCpuMs(files);
      cli.push(((all - one) * 1000) / (files.length - 1));
    }
    samples.set('CLI in-process, per document', cli);
    const perDocumentUs: Record<string, number> = {};
    for (const [name, values] of samples) perDocumentUs[name] = round(median(values), 1);
    // Cold, as the CLI's runs are: its figure includes warming up on these documents.
    perDocumentUs['checkDocument(text), first pass'] = round(samples.get('checkDocument(text)')![0]!, 1);
    return {
      documents: files.length,
      bytes: bytes.reduce((n, b) => n + b.length, 0),
      perDocumentUs,
      passes,
      pairs,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The `api` suite of `npm run bench`. */
export function runCheckDocumentMicro({ quick }: { quick: boolean }): {
  results: BenchResult[];
  ratios: BenchRatio[];
} {
  const figures = measureCheckDocument(quick ? 300 : 1000, quick ? 5 : 9, quick ? 3 : 5);
  const us = figures.perDocumentUs;
  const results: BenchResult[] = Object.entries(us).map(([name, value]) => ({
    name: `api: ${name}`,
    unit: 'µs/doc',
    median: value,
    min: value,
    max: value,
    samples: name.startsWith('CLI') ? figures.pairs : name.endsWith('first pass') ? 1 : figures.passes,
    better: 'lower',
  }));
  const ratios: BenchRatio[] = [
    {
      // Above 1: a document checked in memory costs less than the CLI spends on it in a run.
      name: 'api: CLI per-document CPU / checkDocument(text)',
      value: round(us['CLI in-process, per document']! / us['checkDocument(text)']!, 2),
      goal: 1,
    },
    {
      name: 'api: checkDocument(text) / JSON.parse(text)',
      value: round(us['checkDocument(text)']! / us['JSON.parse(text)']!, 2),
      goal: null,
    },
  ];
  return { results, ratios };
}

if (isMain(import.meta.url)) {
  const option = (name: string, fallback: number) => {
    const i = process.argv.indexOf(name);
    return i === -1 ? fallback : Number(process.argv[i + 1]);
  };
  const figures = measureCheckDocument(option('--files', 1000), option('--passes', 9), option('--pairs', 5));
  console.log(
    `${figures.documents} clean registry documents, ${(figures.bytes / 1e6).toFixed(1)} MB; ` +
      `median µs of CPU per document (${figures.passes} passes, ${figures.pairs} CLI pairs)`,
  );
  const parse = figures.perDocumentUs['JSON.parse(text)']!;
  for (const [name, value] of Object.entries(figures.perDocumentUs)) {
    console.log(
      `${name.padEnd(30)} ${value.toFixed(1).padStart(8)}  (${(value / parse).toFixed(2)}× JSON.parse)`,
    );
  }
}
