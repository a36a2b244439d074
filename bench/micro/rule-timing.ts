// What --stats's per-rule timers cost: validation of the same parsed documents with the catalogue and
// with its self-timing copy (src/validation/rule-timing.ts), CPU time, passes alternating, medians.
// A script, not a test. After a build:
//   node dist/bench/micro/rule-timing.js [--dir DIR] [--passes N]
// DIR defaults to ../shared/corpus/real; every .json file under it that parses is used.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type EngineOptions, validateDocument } from '../../src/validation/engine.js';
import type { Rule } from '../../src/validation/rule.js';
import { timedCatalogue } from '../../src/validation/rule-timing.js';
import { RULES } from '../../src/validation/rules/index.js';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : (process.argv[i + 1] ?? fallback);
}

function parsedDocuments(dir: string, out: unknown[]): unknown[] {
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) parsedDocuments(full, out);
    else if (name.endsWith('.json')) {
      try {
        out.push(JSON.parse(readFileSync(full, 'utf8')));
      } catch {
        // Not JSON: the parser's concern, not the rules'.
      }
    }
  }
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

const dir = option('--dir', '../shared/corpus/real');
if (!existsSync(dir)) {
  console.error(`rule-timing: no corpus at ${dir} (pass --dir)`);
  process.exitCode = 2;
} else {
  const docs = parsedDocuments(dir, []);
  const timed = timedCatalogue(RULES);
  const options: EngineOptions = { target: null, ruleLevels: {}, maxDiagnostics: 1000 };
  const pass = (rules: readonly Rule[]) => {
    const start = process.cpuUsage();
    for (const doc of docs) validateDocument(doc, options, rules);
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
  for (let i = 0; i < 2; i++) {
    pass(RULES);
    pass(timed.rules);
  }
  timed.take();
  const plain: number[] = [];
  const timedMs: number[] = [];
  const passes = Number(option('--passes', '9'));
  for (let i = 0; i < passes; i++) {
    plain.push(pass(RULES));
    timedMs.push(pass(timed.rules));
  }
  const calls = Object.values(timed.take() ?? {}).reduce((n, t) => n + t.calls, 0) / passes;
  console.log(
    `${docs.length} documents, ${Math.round(calls)} hook calls per pass; validation CPU median: ` +
      `catalogue ${median(plain).toFixed(1)} ms, self-timing copy ${median(timedMs).toFixed(1)} ms ` +
      `(${(median(timedMs) / median(plain)).toFixed(2)}×)`,
  );
}
