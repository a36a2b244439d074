// Build step: V8 code caches for the generated validators and the bundled worker (worker-body.cjs),
// the modules src/compiled-module.ts loads. Runs the worker's batch check over the
// sample documents, once as each spec version, so that the functions a run calls are compiled here,
// then writes each loaded module's cache beside it. A cache holds the bytecode of the functions that
// ran, so a thread that loads it neither parses the module nor compiles those functions again.
// Runs after the validator generation and the bundle (scripts/bundle.ts), from dist/scripts/.
import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CODE_CACHE_SUFFIX, codeCaches, loadCompiled } from '../src/compiled-module.js';
import { type CheckOptions, type FileJob, SPEC_VERSIONS } from '../src/types.js';
import * as worker from '../src/worker/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const compiledDir = join(root, 'dist/src/validation/compiled');
const workerBody = join(root, 'dist/src/bundle/worker-body.cjs');
const samplesDir = join(root, 'corpus/samples');

// A stale cache would be rejected anyway (V8 checks the source); removed so none outlives its module.
for (const name of readdirSync(compiledDir)) {
  if (name.endsWith(CODE_CACHE_SUFFIX)) unlinkSync(join(compiledDir, name));
}
rmSync(workerBody + CODE_CACHE_SUFFIX, { force: true });

const samples = ['valid', 'invalid', 'warnings'].flatMap((folder) =>
  readdirSync(join(samplesDir, folder))
    .filter((name) => name.endsWith('.json'))
    .map((name) => readFileSync(join(samplesDir, folder, name), 'utf8')),
);

const options: CheckOptions = {
  target: null,
  ruleLevels: {},
  maxDiagnosticsPerFile: 1000,
  streamThreshold: 64 * 1024 * 1024,
  maxFileSize: Number.POSITIVE_INFINITY,
};

const scratch = mkdtempSync(join(tmpdir(), 'mcpdesc-code-cache-'));
try {
  const jobs: FileJob[] = [];
  for (const version of SPEC_VERSIONS) {
    samples.forEach((text, i) => {
      const path = join(scratch, `${version}-${i}.json`);
      const retargeted = text.replace(/("mcpdesc"\s*:\s*)"[^"]*"/, `$1"${version}"`);
      writeFileSync(path, retargeted);
      jobs.push({ index: jobs.length, path, file: path, size: Buffer.byteLength(retargeted) });
    });
  }
  // The validators through the unbundled worker (their caches serve the bundle's too: same sources),
  // then the bundled worker itself.
  await worker.check({ source: { kind: 'files', jobs }, options });
  const bundled = loadCompiled(pathToFileURL(workerBody)) as unknown as typeof worker;
  await bundled.check({ source: { kind: 'files', jobs }, options });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

let bytes = 0;
const caches = codeCaches();
for (const { path, data } of caches) {
  writeFileSync(path, data);
  bytes += data.length;
}
console.log(`build-code-cache: ${caches.length} modules, ${Math.round(bytes / 1024)} KB of code cache`);
