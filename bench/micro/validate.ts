// Micro-benchmark: validation of parsed real documents against JSON.parse of the same bytes.
// The target is validation ≥ 4× faster than parsing, so that the batch
// stays parse-bound. Run after `npm run build`:
//   node dist/bench/micro/validate.js [--time ms] [--per-rule] [--off id,id] [--dir path]
// tinybench reports wall time; on a shared machine the CPU-time ratio printed last (best of 15 passes)
// is the steadier figure.
// Reads ../shared/corpus/real/*/*.json when present, else corpus/samples. A script, not a test.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Bench } from 'tinybench';
import { DEFAULT_ENGINE_OPTIONS, validateDocument } from '../../src/validation/engine.js';
import type { Rule } from '../../src/validation/rule.js';
import { RULES } from '../../src/validation/rules/index.js';
import { getFragment } from '../../src/validation/schema/validators.js';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
}

function collect(dir: string, out: string[]): void {
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) collect(full, out);
    else if (name.endsWith('.json')) out.push(full);
  }
}

function parses(buffer: Buffer): boolean {
  try {
    JSON.parse(buffer.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

const realCorpus = '../shared/corpus/real';
const upstreamSchema = '../shared/spec/cisco-open+mcptoolkit-contract/schemas/mcp-description/0.7.0.json';
const dir = option('--dir') ?? (existsSync(realCorpus) ? realCorpus : 'corpus/samples');
if (!existsSync(dir)) {
  console.error(`bench/micro/validate: no corpus at ${dir}`);
  process.exitCode = 2;
} else {
  const files: string[] = [];
  if (dir === realCorpus) {
    // One directory level: the source folders. The top-level big dump and index are not documents of
    // the registry-like set (the dump is a streaming benchmark of its own).
    for (const source of readdirSync(dir).sort()) {
      const sub = join(dir, source);
      if (!statSync(sub).isDirectory()) continue;
      for (const name of readdirSync(sub).sort()) if (name.endsWith('.json')) files.push(join(sub, name));
    }
  } else {
    collect(dir, files);
  }
  // Files that are not JSON at all (a generated corpus plants some) are left out of both sides.
  const buffers = files.map((f) => readFileSync(f)).filter((b) => parses(b));
  const documents = buffers.map((b) => JSON.parse(b.toString('utf8')) as unknown);
  const bytes = buffers.reduce((n, b) => n + b.length, 0);
  const time = Number(option('--time') ?? 2000);
  console.log(
    `${buffers.length} documents (of ${files.length} files), ${(bytes / 1e6).toFixed(1)} MB from ${dir}; ${RULES.length} rules`,
  );

  const options = { ...DEFAULT_ENGINE_OPTIONS };
  const off = new Set((option('--off') ?? '').split(',').filter(Boolean));
  const rules = RULES.filter((rule) => !off.has(rule.id));
  if (off.size > 0) console.log(`rules off: ${[...off].join(', ')}`);
  const validateAll = (rules: readonly Rule[]) => () => {
    for (const doc of documents) validateDocument(doc, options, rules);
  };
  const bench = new Bench({ time, warmupTime: 300 });
  bench.add('JSON.parse (utf8 decode + parse)', () => {
    for (const buffer of buffers) JSON.parse(buffer.toString('utf8'));
  });
  bench.add('validateDocument (all rules)', validateAll(rules));
  if (process.argv.includes('--per-rule')) {
    for (const rule of rules) bench.add(`  ${rule.id}`, validateAll([rule]));
  }
  await bench.run();

  const mean = (name: string) => {
    const result = bench.getTask(name)?.result;
    return result && 'latency' in result ? result.latency.mean : Number.NaN;
  };
  const parseMs = mean('JSON.parse (utf8 decode + parse)');
  console.table(
    bench.tasks.map((task) => {
      const ms = mean(task.name);
      return {
        task: task.name,
        'ms/corpus': ms.toFixed(2),
        'MB/s': (bytes / 1e6 / (ms / 1000)).toFixed(0),
        'parse ÷ this': (parseMs / ms).toFixed(2),
      };
    }),
  );
  const ratio = parseMs / mean('validateDocument (all rules)');
  console.log(`wall time: validation is ${ratio.toFixed(2)}× faster than JSON.parse (target ≥ 4×)`);

  // CPU time, best of 15 passes. "fresh": each pass validates newly parsed documents (parsing not
  // timed), as a worker does; "again" validates the same documents a second time (nothing is
  // memoized across documents: the difference is the cost of touching freshly parsed objects). Run with --expose-gc to collect the parse garbage before
  // each timed pass, so that a young-generation scavenge of the just-parsed documents is not billed
  // to validation.
  const gc = (globalThis as { gc?: () => void }).gc;
  const cpu = (fn: () => void) => {
    const start = process.cpuUsage();
    fn();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
  let parseCpu = Number.POSITIVE_INFINITY;
  let freshCpu = Number.POSITIVE_INFINITY;
  let againCpu = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass < 15; pass++) {
    let fresh: unknown[] = [];
    parseCpu = Math.min(
      parseCpu,
      cpu(() => {
        fresh = buffers.map((buffer) => JSON.parse(buffer.toString('utf8')) as unknown);
      }),
    );
    gc?.();
    const run = () => {
      for (const doc of fresh) validateDocument(doc, options, rules);
    };
    freshCpu = Math.min(freshCpu, cpu(run));
    againCpu = Math.min(againCpu, cpu(run));
  }
  // Interleaved, as a worker runs: parse one document, check it, drop it. The batch passes above
  // hold all 3,015 parsed documents (19 MB) alive at once, so every scavenge that validation's
  // allocations trigger copies them; a worker holds one document at a time. A check's time is
  // (parse + check) − parse, best of 15 each, the two loops alternated within each pass: a parse-only
  // time taken earlier in the run (before the JIT settled) made later differences too small.
  // Results are counted so that neither loop's work can be optimized away.
  let sink = 0;
  const interleaved = (check: (doc: unknown) => number) => {
    let parse = Number.POSITIVE_INFINITY;
    let both = Number.POSITIVE_INFINITY;
    let count = 0;
    for (let pass = 0; pass < 15; pass++) {
      parse = Math.min(
        parse,
        cpu(() => {
          for (const buffer of buffers) if (JSON.parse(buffer.toString('utf8')) !== undefined) sink++;
        }),
      );
      count = 0;
      both = Math.min(
        both,
        cpu(() => {
          for (const buffer of buffers) count += check(JSON.parse(buffer.toString('utf8')));
        }),
      );
    }
    return { parse, cost: both - parse, count };
  };

  const main = interleaved((doc) => validateDocument(doc, options, rules).diagnostics.length);
  console.log(
    `CPU time, interleaved per document (best of 15): JSON.parse ${main.parse.toFixed(1)} ms; ` +
      `validation ${main.cost.toFixed(1)} ms (${(main.parse / main.cost).toFixed(2)}×); ` +
      `${buffers.length} documents, ${main.count} diagnostics per pass`,
  );
  console.log(
    `CPU time (best of 15${gc ? ', gc between parse and validation' : ''}): JSON.parse ${parseCpu.toFixed(1)} ms; ` +
      `validation of fresh documents ${freshCpu.toFixed(1)} ms (${(parseCpu / freshCpu).toFixed(2)}×), ` +
      `of the same documents again ${againCpu.toFixed(1)} ms (${(parseCpu / againCpu).toFixed(2)}×)`,
  );

  // Where validation's time goes: the same loop with each document's `tools` emptied after parsing
  // (root members and the other collections only), and a lower bound for the tools: a hand-written
  // loop that finds just the two findings most tools of the corpus get (a member outside §9.1, no
  // inputSchema) and builds them as the engine does (message, pointer, path), nothing else. Any
  // implementation that reports those findings pays at least that.
  const TOOL_MEMBERS = new Set([
    'name',
    'title',
    'description',
    'inputSchema',
    'outputSchema',
    'annotations',
    'execution',
    'icons',
    '_meta',
    'tags',
  ]);
  let tools = 0;
  const withoutTools = interleaved((doc) => {
    const root = doc as { tools?: unknown } | null;
    if (root !== null && typeof root === 'object' && Array.isArray(root.tools)) {
      tools += root.tools.length;
      root.tools = [];
    }
    return validateDocument(doc, options, rules).diagnostics.length;
  });
  tools /= 15;
  const floor = interleaved((doc) => {
    const list = (doc as { tools?: unknown } | null)?.tools;
    if (!Array.isArray(list)) return 0;
    const found: object[] = [];
    for (let i = 0; i < list.length; i++) {
      const tool: unknown = list[i];
      if (tool === null || typeof tool !== 'object') continue;
      let hasInput = false;
      for (const key in tool) {
        if (key === 'inputSchema') hasInput = true;
        else if (!TOOL_MEMBERS.has(key))
          found.push({
            ruleId: 'mcpdesc.tool.members',
            message: `Tool ${i} has unknown property "${key}"`,
            pointer: `/tools/${i}/${key}`,
            path: ['tools', i, key],
          });
      }
      if (!hasInput)
        found.push({
          ruleId: 'mcpdesc.tool.input-schema-present',
          message: 'tool has no "inputSchema"',
          pointer: `/tools/${i}`,
          path: ['tools', i],
        });
    }
    return found.length;
  });
  // The generated validator of mcpdesc.tool.members alone on every tool: what Ajv costs before any of
  // its errors becomes a finding (the adapter, messages and pointers are not in this figure).
  const toolMembers = getFragment('mcpdesc.tool.members', 'element', '0.7.0');
  const ajvTools = interleaved((doc) => {
    const list = (doc as { tools?: unknown } | null)?.tools;
    if (!Array.isArray(list) || toolMembers === null) return 0;
    let errors = 0;
    for (const tool of list) errors += toolMembers.check(tool)?.length ?? 0;
    return errors;
  });
  const toolsCost = main.cost - withoutTools.cost;
  console.log(
    `split: validation without the tools ${withoutTools.cost.toFixed(1)} ms, so the ${tools} tools ` +
      `~${toolsCost.toFixed(1)} ms (~${((1e6 * toolsCost) / tools).toFixed(0)} ns a tool); the tools' two common ` +
      `findings alone (${floor.count}, hand-written loop, a lower bound): ${floor.cost.toFixed(1)} ms; ` +
      `mcpdesc.tool.members' Ajv validator alone on every tool: ${ajvTools.cost.toFixed(1)} ms (${ajvTools.count} Ajv errors)`,
  );
  const budget = main.parse / 4;
  const pieces = withoutTools.cost + floor.cost + ajvTools.cost;
  console.log(
    `4× budget: ${budget.toFixed(1)} ms; those three pieces together: ${pieces.toFixed(1)} ms ` +
      `(${((100 * pieces) / budget).toFixed(0)}% of it, before the other rules that visit every tool)`,
  );

  // Reference: the upstream 0.7.0 schema alone, compiled with Ajv at run time, interleaved the same way.
  // It checks structure only (no semantic rules, no positions, no messages of ours), so this is the
  // scale of "the bare schema" that the 4× target compares with, not a peer.
  if (existsSync(upstreamSchema)) {
    type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };
    const require = createRequire(import.meta.url);
    const Ajv = (require('ajv') as { default: new (o: object) => { compile(s: unknown): Validate } }).default;
    const addFormats = (require('ajv-formats') as { default: (ajv: unknown) => void }).default;
    const schema = JSON.parse(readFileSync(upstreamSchema, 'utf8')) as unknown;
    const compile = (allErrors: boolean) => {
      const ajv = new Ajv({ allErrors, strict: false });
      addFormats(ajv);
      return ajv.compile(schema);
    };
    const variants: Array<[string, Validate]> = [
      ['first error', compile(false)],
      ['all errors', compile(true)],
    ];
    for (const [name, validate] of variants) {
      const ajv = interleaved((doc) => (validate(doc) ? 0 : (validate.errors?.length ?? 0)));
      console.log(
        `reference, upstream 0.7.0 schema in Ajv (${name}), interleaved: ${ajv.cost.toFixed(1)} ms ` +
          `(${(ajv.parse / ajv.cost).toFixed(2)}× JSON.parse), ${ajv.count} Ajv errors`,
      );
    }
  }
  if (sink < 0) console.log(sink);
}
