// One huge dump through the streamed check, single-threaded or fanned out over a 2-thread pool: wall
// time, MB/s, peak RSS, and whether every planted invalid tool was reported at its /tools/N pointer
// (meaningful once the catalogue has the tool rules). Run under a capped heap to show the memory bound:
//
//   node --max-old-space-size=256 dist/bench/macro/huge-dump.js --size 1GB --mode fanout
//   node --max-old-space-size=256 dist/bench/macro/huge-dump.js --size 4GB --mode single --keep
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type DumpManifest, generateDump, manifestPathFor, parseSize } from '../../corpus/generator/dump.js';
import { workerHeapMb } from '../../src/pool/concurrency.js';
import { checkHugeFile, type RunSliceTask } from '../../src/pool/fanout.js';
import { fanOutTuning } from '../../src/pool/fanout-loader.js';
import { createThreadRunner } from '../../src/pool/runner.js';
import type { CheckOptions, FileJob } from '../../src/types.js';
import { checkStreamed } from '../../src/worker/streamed.js';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1GB' },
    mode: { type: 'string', default: 'fanout' },
    invalid: { type: 'string', default: '50' },
    keep: { type: 'boolean', default: false },
  },
});

const file = join('corpus/generated', `huge-dump-${values.size}.mcpdesc.json`);
if (!existsSync(file)) {
  mkdirSync('corpus/generated', { recursive: true });
  const started = performance.now();
  generateDump(file, { size: parseSize(values.size!), invalid: Number(values.invalid), seed: 1 });
  console.log(`generated ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
const manifest = JSON.parse(readFileSync(manifestPathFor(file), 'utf8')) as DumpManifest;
const options: CheckOptions = {
  target: null,
  ruleLevels: {},
  maxDiagnosticsPerFile: 100_000,
  streamThreshold: 0,
  maxFileSize: Number.POSITIVE_INFINITY,
};
const job: FileJob = { index: 0, path: file, file, size: manifest.bytes };

const started = performance.now();
let outcome: Awaited<ReturnType<typeof checkStreamed>>;
if (values.mode === 'single') {
  outcome = await checkStreamed(job, options);
} else {
  // The CLI's pool and fan-out settings (worker heap limits, batches in flight), not a bare Piscina.
  const threads = 2;
  const runner = await createThreadRunner({
    threads,
    maxOldGenerationSizeMb: workerHeapMb(threads, totalmem()),
  });
  const runTask: RunSliceTask = (task, transferList) => runner.runNamed('checkSlices', task, transferList);
  outcome = await checkHugeFile(job, options, runTask, fanOutTuning(threads));
  await runner.close();
}
const seconds = (performance.now() - started) / 1000;
const result = outcome.documents[0]!;
const reported = new Set(result.diagnostics.map((d) => d.pointer.split('/').slice(0, 3).join('/')));
const missed = manifest.invalid.filter((p) => !reported.has(`/tools/${p.index}`)).length;
console.log(
  JSON.stringify({
    mode: values.mode,
    file,
    mb: +(manifest.bytes / 1e6).toFixed(1),
    tools: result.tools,
    status: result.status,
    errors: result.errors,
    warnings: result.warnings,
    planted: manifest.invalid.length,
    plantedNotReported: missed,
    seconds: +seconds.toFixed(2),
    mbPerSec: +(manifest.bytes / 1e6 / seconds).toFixed(1),
    // The whole process: worker threads share its address space, so their heaps are in it.
    peakRssMiB: +(process.resourceUsage().maxRSS / 1024).toFixed(0),
    heapLimitMiB: +((await import('node:v8')).getHeapStatistics().heap_size_limit / 2 ** 20).toFixed(0),
  }),
);
if (!values.keep) rmSync(file, { force: true });
