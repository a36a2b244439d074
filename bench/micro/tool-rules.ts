// Where the tools' share of validation goes: the rules that look at every tool, run over the
// real corpus' 26k tools already parsed, (1) each alone, (2) all of them one after the other on each
// tool by direct calls, (3) through the engine (validateDocument on documents that hold only their
// tools). (1) summed against (2) is what running a dozen rules together costs beyond their own work;
// (3) against (2) is what the engine adds: dispatch, counting, and building the diagnostics that (1)
// and (2) drop (their report is a no-op that only counts message lengths). CPU time, best of N passes,
// in one run. A script, not a test. After a build:
//   node dist/bench/micro/tool-rules.js [--passes N]
// Reads ../shared/corpus/real/*/*.json.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_ENGINE_OPTIONS, validateDocument } from '../../src/validation/engine.js';
import { analyzeSchema } from '../../src/validation/json-schema/walk.js';
import type { Rule, RuleContext, RuleVisitor } from '../../src/validation/rule.js';
import { RULES } from '../../src/validation/rules/index.js';

const dir = '../shared/corpus/real';
if (!existsSync(dir)) {
  console.error(`bench/micro/tool-rules: no corpus at ${dir}`);
  process.exitCode = 2;
} else {
  const i = process.argv.indexOf('--passes');
  const passes = i === -1 ? 15 : Number(process.argv[i + 1]);
  const docs: Array<{ mcpdesc?: unknown; tools: unknown[] }> = [];
  for (const source of readdirSync(dir).sort()) {
    const sub = join(dir, source);
    if (!statSync(sub).isDirectory()) continue;
    for (const name of readdirSync(sub).sort()) {
      if (!name.endsWith('.json')) continue;
      try {
        const doc = JSON.parse(readFileSync(join(sub, name), 'utf8')) as {
          mcpdesc?: unknown;
          tools?: unknown;
        };
        if (doc !== null && typeof doc === 'object' && Array.isArray(doc.tools)) {
          docs.push({ mcpdesc: doc.mcpdesc, tools: doc.tools });
        }
      } catch {
        // Not JSON: not part of this measurement.
      }
    }
  }
  const tools = docs.reduce((n, d) => n + d.tools.length, 0);
  let sink = 0;
  const cpu = (fn: () => void) => {
    let best = Number.POSITIVE_INFINITY;
    for (let pass = 0; pass < passes; pass++) {
      const start = process.cpuUsage();
      fn();
      const used = process.cpuUsage(start);
      best = Math.min(best, (used.user + used.system) / 1000);
    }
    return best;
  };

  const toolRules = RULES.filter(
    (rule) => rule.scope === 'document' || (rule.collections ?? ['tools']).includes('tools'),
  );
  const visitors: Array<[Rule, RuleVisitor]> = [];
  for (const rule of toolRules) {
    const context: RuleContext = {
      version: '0.7.0',
      target: null,
      rootType: 'object',
      declaredVersion: '0.7.0',
      declaredProtocolVersions: undefined,
      declaredTags: new Set(),
      analyze: analyzeSchema,
      report: (_path, message) => {
        sink += message.length;
      },
    };
    const visitor = rule.create(context);
    if (visitor.element) visitors.push([rule, visitor]);
  }
  const over = (set: ReadonlyArray<[Rule, RuleVisitor]>) => () => {
    for (const doc of docs) {
      for (const [, v] of set) v.start?.();
      const list = doc.tools;
      for (let t = 0; t < list.length; t++) {
        for (const [rule, v] of set)
          v.element!('tools', t, rule.project ? rule.project('tools', t, list[t]) : list[t]);
      }
      for (const [, v] of set) v.finish?.();
    }
  };

  console.log(
    `${docs.length} documents with tools, ${tools} tools; ${visitors.length} rules visit tools; best of ${passes} passes, CPU`,
  );
  let sum = 0;
  for (const entry of visitors) {
    const ms = cpu(over([entry]));
    sum += ms;
    console.log(`  ${entry[0].id.padEnd(40)} ${ms.toFixed(2)} ms alone`);
  }
  const together = cpu(over(visitors));
  let diagnostics = 0;
  const engine = cpu(() => {
    for (const doc of docs)
      diagnostics += validateDocument(doc, DEFAULT_ENGINE_OPTIONS, RULES).diagnostics.length;
  });
  console.log(`sum of the rules alone                   ${sum.toFixed(2)} ms`);
  console.log(
    `all of them on each tool, direct calls   ${together.toFixed(2)} ms (${(together / sum).toFixed(2)}× the sum)`,
  );
  console.log(
    `through the engine, with the diagnostics ${engine.toFixed(2)} ms (${((1e6 * engine) / tools).toFixed(0)} ns a tool; ` +
      `${diagnostics / passes} diagnostics a pass)`,
  );
  if (sink < 0) console.log(sink);
}
