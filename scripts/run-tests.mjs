// Runs node:test over the compiled test folders named on the command line.
// Node 20's `node --test` cannot take glob patterns, so the files are collected here.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = 'dist/test';
const suites = process.argv.slice(2);
const files = [];
function collect(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) collect(full);
    else if (name.endsWith('.test.js')) files.push(full);
  }
}
// The conformance tests read the specs and the real corpus in ../shared, beside the clone; without them
// they are skipped with one line, rather than failing in a hook deep in the TAP output.
const shared = join(dirname(fileURLToPath(import.meta.url)), '../../shared');
const needed = ['spec/cisco-open+mcptoolkit-contract', 'corpus/real'].map((p) => join(shared, p));
const missing = suites.includes('conformance') ? needed.find((p) => !existsSync(p)) : undefined;
for (const suite of suites) if (suite !== 'conformance' || missing === undefined) collect(join(root, suite));
if (missing !== undefined && files.length === 0) {
  process.stderr.write(
    `run-tests: conformance tests skipped: no ${relative(process.cwd(), missing)} (the specs and the real corpus they check against)\n`,
  );
} else if (files.length === 0) {
  process.stderr.write(
    `run-tests: no compiled tests under ${suites.map((s) => join(root, s)).join(', ')}; run npm run build first\n`,
  );
  process.exitCode = 1;
} else {
  // One file per core at a time (node 20's default is one fewer, one at a time on two cores);
  // TEST_CONCURRENCY overrides it.
  const concurrency = process.env.TEST_CONCURRENCY || String(availableParallelism());
  const result = spawnSync(process.execPath, ['--test', `--test-concurrency=${concurrency}`, ...files], {
    stdio: 'inherit',
  });
  process.exitCode = result.status ?? 1;
}
