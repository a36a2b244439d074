// Where a whole file's CPU goes after reading, step by step, on the same texts in the same run:
// JSON.parse alone, JSON.parse + the duplicate-member count (src/parsing/duplicate-keys.ts, run on
// every parsed file), JSON.parse + validation of all rules. Best of N passes of CPU time each, passes
// alternating, so the three figures share the machine's state. A script, not a test. After a build:
//   node dist/bench/micro/parse-steps.js [--dir DIR] [--files N] [--passes N]
// DIR defaults to the bench's generated registry (corpus/generated/bench-registry-20000, made by
// `npm run bench -- --only registry`); only files that parse are used.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { mayHaveDuplicateKeys } from '../../src/parsing/duplicate-keys.js';
import { validateDocument } from '../../src/validation/engine.js';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : (process.argv[i + 1] ?? fallback);
}

function listJson(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) listJson(full, out);
    else if (name.endsWith('.json') && name !== 'manifest.json') out.push(full);
  }
  return out;
}

const dir = option('--dir', 'corpus/generated/bench-registry-20000');
if (!existsSync(dir)) {
  console.error(
    `parse-steps: no corpus at ${dir} (run npm run bench -- --only registry first, or pass --dir)`,
  );
  process.exitCode = 2;
} else {
  const texts: string[] = [];
  for (const file of listJson(dir, []).slice(0, Number(option('--files', '4000')))) {
    const text = readFileSync(file, 'utf8');
    try {
      JSON.parse(text);
      texts.push(text);
    } catch {
      // Not JSON: the steps below are those of a file that parses.
    }
  }
  const cpu = (fn: () => void) => {
    const start = process.cpuUsage();
    fn();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
  const steps: Array<[string, () => void]> = [
    [
      'JSON.parse',
      () => {
        for (const t of texts) JSON.parse(t);
      },
    ],
    [
      'JSON.parse + duplicate-member count',
      () => {
        for (const t of texts) mayHaveDuplicateKeys(t, JSON.parse(t));
      },
    ],
    [
      'JSON.parse + validation (all rules)',
      () => {
        for (const t of texts) validateDocument(JSON.parse(t));
      },
    ],
  ];
  const best = steps.map(() => Number.POSITIVE_INFINITY);
  const passes = Number(option('--passes', '8'));
  for (let pass = 0; pass < passes; pass++) {
    steps.forEach(([, fn], k) => {
      best[k] = Math.min(best[k]!, cpu(fn));
    });
  }
  const bytes = texts.reduce((n, t) => n + t.length, 0);
  console.log(
    `${texts.length} files, ${(bytes / 1e6).toFixed(1)} MB from ${dir}; best of ${passes} passes, CPU`,
  );
  steps.forEach(([name], k) => {
    const extra =
      k === 0 ? '' : ` (+${(((best[k]! - best[0]!) / best[0]!) * 100).toFixed(0)}% of JSON.parse)`;
    console.log(`${name.padEnd(38)} ${best[k]!.toFixed(0)} ms${extra}`);
  });
}
