// Huge-document throughput, side by side in one run: the element splitter alone, splitter +
// JSON.parse per slice, a stream-json pick + streamArray pipeline (the reference), our single-thread
// streamed check, and the fan-out over a 2-thread Piscina pool. Input: a generated dump (tools first,
// `mcpdesc` and `tags` after them), created under corpus/generated/ when missing.
//
//   npm run build && node dist/bench/micro/splitter.js [--size 64MB] [--runs 3] [--file path]
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { Piscina } from 'piscina';
import chain from 'stream-chain';
import pick from 'stream-json/filters/pick.js';
import parser from 'stream-json/parser.js';
import streamArray from 'stream-json/streamers/stream-array.js';
import { generateDump, parseSize } from '../../corpus/generator/dump.js';
import { Splitter } from '../../src/parsing/splitter.js';
import { checkHugeFile } from '../../src/pool/fanout.js';
import type { CheckOptions, FileJob } from '../../src/types.js';
import { checkStreamed, readChunks } from '../../src/worker/streamed.js';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '64MB' },
    runs: { type: 'string', default: '3' },
    file: { type: 'string' },
  },
});

const file = values.file ?? join('corpus/generated', `bench-dump-${values.size}.mcpdesc.json`);
if (!existsSync(file)) {
  mkdirSync('corpus/generated', { recursive: true });
  generateDump(file, { size: parseSize(values.size!), invalid: 20, seed: 1 });
}
const bytes = statSync(file).size;
const runs = Number(values.runs);
const options: CheckOptions = {
  target: null,
  ruleLevels: {},
  maxDiagnosticsPerFile: 1000,
  streamThreshold: 0,
  maxFileSize: Number.POSITIVE_INFINITY,
};
const job: FileJob = { index: 0, path: file, file, size: bytes };

async function splitOnly(parse: boolean): Promise<number> {
  const splitter = new Splitter();
  let elements = 0;
  for await (const chunk of readChunks(file)) {
    for (const e of splitter.push(chunk)) {
      if (e.type !== 'element') continue;
      elements++;
      if (parse) JSON.parse(e.bytes.toString('utf8'));
    }
  }
  splitter.end();
  return elements;
}

async function streamJson(): Promise<number> {
  let elements = 0;
  const { createReadStream } = await import('node:fs');
  const pipeline = chain([
    createReadStream(file, { highWaterMark: 1 << 20 }),
    parser(),
    pick({ filter: 'tools' }),
    streamArray(),
  ]);
  for await (const _item of pipeline as AsyncIterable<unknown>) elements++;
  void Readable;
  return elements;
}

const pool = new Piscina({
  filename: new URL('../../src/worker/slices.js', import.meta.url).href,
  minThreads: 2,
  maxThreads: 2,
});

const cases: Array<[string, () => Promise<number>, number]> = [
  ['splitter (boundaries only)', () => splitOnly(false), runs],
  ['splitter + JSON.parse', () => splitOnly(true), runs],
  [
    'checkStreamed (1 thread: header + split + parse + validate)',
    async () => (await checkStreamed(job, options)).documents[0]!.tools,
    runs,
  ],
  [
    'checkHugeFile (fan-out, 2 workers)',
    async () =>
      (
        await checkHugeFile(job, options, (task, transferList) =>
          pool.run(task, { name: 'checkSlices', transferList }),
        )
      ).documents[0]!.tools,
    runs,
  ],
  ['stream-json pick + streamArray', streamJson, 1],
];

console.log(
  `input: ${file}, ${(bytes / 1e6).toFixed(1)} MB, node ${process.version}, median of ${runs} runs (stream-json: 1)`,
);
const results: Record<string, number> = {};
for (const [name, fn, n] of cases) {
  await fn(); // warm-up (page cache, JIT, pool start)
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    count = await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const ms = times[Math.floor(times.length / 2)]!;
  results[name] = bytes / 1e6 / (ms / 1000);
  console.log(
    `${name.padEnd(62)} ${results[name]!.toFixed(1).padStart(7)} MB/s  ${ms.toFixed(0).padStart(6)} ms  ${count} elements`,
  );
}
const single = results['checkStreamed (1 thread: header + split + parse + validate)']!;
const fan = results['checkHugeFile (fan-out, 2 workers)']!;
const ref = results['stream-json pick + streamArray']!;
console.log(
  `fan-out / single-thread streaming: ${(fan / single).toFixed(2)}x; fan-out / stream-json: ${(fan / ref).toFixed(1)}x`,
);
await pool.destroy();
