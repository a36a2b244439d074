// What --stats's per-rule timers cost: the engine on the same parsed documents without and with rule
// timings (src/validation/rule-timing.ts), CPU time, passes alternating, medians.
// A script, not a test. After a build:
//   node dist/bench/micro/rule-timing.js [--dir DIR] [--passes N]
// DIR defaults to ../shared/corpus/real; every .json file under it that parses is used.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RuleTimings } from '../../src/types.js';
import { type EngineOptions, validateDocument } from '../../src/validation/engine.js';

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
  const options: EngineOptions = { target: null, ruleLevels: {}, maxDiagnostics: 1000 };
  let timings: RuleTimings = {};
  const timedOptions = () => ({ ...options, ruleTimings: timings });
  const pass = (with_: EngineOptions) => {
    const start = process.cpuUsage();
    for (const doc of docs) validateDocument(doc, with_);
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
  for (let i = 0; i < 2; i++) {
    pass(options);
    pass(timedOptions());
  }
  timings = {};
  const plain: number[] = [];
  const timedMs: number[] = [];
  const passes = Number(option('--passes', '9'));
  for (let i = 0; i < passes; i++) {
    plain.push(pass(options));
    timedMs.push(pass(timedOptions()));
  }
  const calls = Object.values(timings).reduce((n, t) => n + t.calls, 0) / passes;
  console.log(
    `${docs.length} documents, ${Math.round(calls)} hook calls per pass; validation CPU median: ` +
      `untimed ${median(plain).toFixed(1)} ms, timed ${median(timedMs).toFixed(1)} ms ` +
      `(${(median(timedMs) / median(plain)).toFixed(2)}×)`,
  );
}
