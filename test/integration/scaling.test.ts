// No input makes a check superlinear: for every rule and every way a finding is placed (whole JSON, whole
// YAML, a JSON Lines line, a streamed document, a fanned-out one), an input scaled ×10 costs at most ×20
// the time. Only a ratio of two timings taken here, one after the other, is asserted: each side is the
// fastest of a few runs (noise only ever slows a run down), and a pair within the limit ends the
// measurement early, so a linear check costs two runs per case and a quadratic one shows at once
// (×100). Whole JSON runs every rule's case; the other placements, which differ only in how they place
// findings, run one case per shape of findings (`shapeOf`). Its cost: bench/results/scaling-tests.md.
import assert from 'node:assert/strict';
import { linkSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { checkHugeFile } from '../../src/pool/fanout.js';
import type { CheckOptions, FileJob } from '../../src/types.js';
import { DIALECTS } from '../../src/validation/json-schema/meta-options.js';
import { checkMetaSchema } from '../../src/validation/json-schema/meta-validators.js';
import { RULES } from '../../src/validation/rules/index.js';
import { checkBuffer, checkFile } from '../../src/worker/check-file.js';
import { checkSlices, type RunSliceTask, type SliceResult } from '../../src/worker/slices.js';
import { type ScaledCase, scaledCases } from './scaling-inputs.js';

const SCALE = 10;
const LIMIT = 20;
/**
 * The smaller input repeats its unit at least this often: a quadratic loop of cheap steps beside a
 * costly linear part (Ajv's work per subschema) shows only from a few hundred units on.
 */
const MIN_UNITS = 1000;
/** …and is grown until one check of it takes this long (timer noise is far below). */
const SMALL_MS = 4;
/** …or until it is this large (the larger input is then ten times that). */
const SMALL_MAX_BYTES = 600_000;
/**
 * Runs of each size at most; more are taken only while the ratio lies between the limit and four times
 * it, where a busy machine's noise (timing a few milliseconds) can land but a quadratic loop does not.
 */
const RUNS = 6;

// Removed after the suite that writes there: a hook of the file's own would run when the suites
// before the top-level await below are done.
const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-scaling-'));

const BASE: CheckOptions = {
  target: null,
  ruleLevels: {},
  maxDiagnosticsPerFile: 1000,
  streamThreshold: Number.POSITIVE_INFINITY,
  maxFileSize: Number.POSITIVE_INFINITY,
};

/** A slice task run in this thread, cloned both ways as a worker's message is. */
const inProcessSlices: RunSliceTask = async (task, transferList) =>
  structuredClone(checkSlices(structuredClone(task, { transfer: transferList }))) as SliceResult;

interface Placement {
  name: string;
  extension: string;
  /** The case's input in JSON or in YAML. */
  form: 'json' | 'yaml';
  /** Fewer units than MIN_UNITS where a unit is costly to parse (YAML: ~100× JSON). */
  minUnits?: number;
  check(job: FileJob, options: CheckOptions): Promise<unknown>;
  /** Every case, not one per shape (`shapeOf`): the placement that stands for the rules' own code. */
  everyCase?: boolean;
}

const PLACEMENTS: Placement[] = [
  {
    name: 'whole JSON',
    extension: 'json',
    form: 'json',
    check: (job, o) => checkFile(job, o),
    everyCase: true,
  },
  {
    name: 'whole YAML',
    extension: 'yaml',
    form: 'yaml',
    minUnits: 100,
    check: (job, o) => checkFile(job, o),
  },
  // A document of one line: its findings are placed as a JSON Lines record's.
  { name: 'JSON Lines', extension: 'jsonl', form: 'json', check: (job, o) => checkFile(job, o) },
  {
    name: 'streamed',
    extension: 'json',
    form: 'json',
    check: (job, o) => checkFile(job, { ...o, streamThreshold: 0 }),
  },
  {
    name: 'fanned out',
    extension: 'json',
    form: 'json',
    check: (job, o) => checkHugeFile(job, { ...o, streamThreshold: 0 }, inProcessSlices),
  },
];

let written = 0;
/**
 * The files written so far, by case, form and n: the placements in JSON check the same inputs (only
 * JSON Lines names them otherwise: a link), so each is generated and written once.
 */
const inputs = new Map<ScaledCase, Map<string, { path: string; size: number }>>();

function jobAt(c: ScaledCase, placement: Placement, n: number): FileJob {
  const byKey = inputs.get(c) ?? new Map<string, { path: string; size: number }>();
  inputs.set(c, byKey);
  let input = byKey.get(`${placement.form} ${n}`);
  if (input === undefined) {
    const text = placement.form === 'json' ? c.json(n) : c.yaml!(n);
    input = { path: join(dir, `${written++}.${placement.extension}`), size: Buffer.byteLength(text) };
    writeFileSync(input.path, text);
    byKey.set(`${placement.form} ${n}`, input);
  }
  let path = input.path;
  if (!path.endsWith(`.${placement.extension}`)) {
    path = join(dir, `${written++}.${placement.extension}`);
    linkSync(input.path, path);
  }
  return { index: 0, path, file: `input.${placement.extension}`, size: input.size };
}

// A collection before each run starts both sizes from the same heap: otherwise the larger input pays for
// the garbage of the runs before it.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/**
 * CPU time of the process (user + system, every thread: the collector's too) for one check: on a machine
 * busy with other work, wall time counts the time the check waited for a core.
 */
async function timed(run: () => Promise<unknown>): Promise<number> {
  collect();
  const started = process.cpuUsage();
  await run();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

interface Measured {
  n: number;
  small: number;
  large: number;
}

/** The fastest check of the input at n and at n × SCALE, n grown until the smaller one is measurable. */
async function measure(c: ScaledCase, placement: Placement): Promise<Measured> {
  const options = { ...BASE, target: c.target };
  const job = (n: number): FileJob => jobAt(c, placement, n);
  const units = placement.minUnits ?? MIN_UNITS;
  // Warm-up: compile what this case runs (a smaller input does).
  await placement.check(job(units / 10), options);
  let n = units;
  let small = job(n);
  let smallMs = await timed(() => placement.check(small!, options));
  while (smallMs < SMALL_MS && small.size < SMALL_MAX_BYTES) {
    n *= 2;
    small = job(n);
    smallMs = await timed(() => placement.check(small!, options));
  }
  const large = job(n * SCALE);
  let largeMs = Number.POSITIVE_INFINITY;
  for (let run = 0; run < RUNS; run++) {
    if (run > 0) smallMs = Math.min(smallMs, await timed(() => placement.check(small!, options)));
    largeMs = Math.min(largeMs, await timed(() => placement.check(large, options)));
    // Within the limit, or so far past it that no noise explains it (a quadratic input runs long).
    if (largeMs <= LIMIT * smallMs || largeMs > 4 * LIMIT * smallMs) break;
  }
  return { n, small: smallMs, large: largeMs };
}

describe('scaling: the meta-schema check of a schema with n invalid subschemas', () => {
  // Beside the rule's own work per subschema (parsing, placing), the validator's share is small: its
  // own superlinear steps show better alone. (Ajv's generated code copied every error so far at each
  // failing subschema.)
  const schema = (n: number) => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) properties[`p${i}`] = { type: 'bogus', minimum: 'x' };
    return { type: 'object', properties };
  };
  for (const dialect of DIALECTS) {
    it(`${dialect}: ×10 subschemas, at most ×20 the time`, async () => {
      const small = schema(2000);
      const large = schema(2000 * SCALE);
      checkMetaSchema(dialect, small);
      let smallMs = Number.POSITIVE_INFINITY;
      let largeMs = Number.POSITIVE_INFINITY;
      for (let run = 0; run < RUNS; run++) {
        smallMs = Math.min(smallMs, await timed(async () => checkMetaSchema(dialect, small)));
        largeMs = Math.min(largeMs, await timed(async () => checkMetaSchema(dialect, large)));
        // Within the limit, or so far past it that no noise explains it (a quadratic check runs long).
        if (largeMs <= LIMIT * smallMs || largeMs > 4 * LIMIT * smallMs) break;
      }
      assert.ok(largeMs <= LIMIT * smallMs, `${smallMs.toFixed(1)} ms, then ${largeMs.toFixed(1)} ms`);
    });
  }
});

const CASES = await scaledCases(RULES, async (json, ruleId, target) => {
  const options = { ...BASE, target, maxDiagnosticsPerFile: Number.MAX_SAFE_INTEGER };
  const outcome = await checkBuffer(Buffer.from(json), 'input.json', 'json', options);
  return outcome.documents[0]!.diagnostics.filter((d) => d.ruleId === ruleId).length;
});
/**
 * What a placement does with a case's input depends on where its many findings are, not on which rule
 * found them (every placement runs the same rule code): the scaling mode, the rule's scope (a
 * document-scoped rule's findings are placed on the main thread when fanned out), and for the findings
 * that repeat, whether they differ by a name or an index, in a root collection (or member) or inside an
 * element, at a path that resolves or past its end. Whole JSON runs every case; the other placements one
 * case per shape.
 */
async function shapeOf(c: ScaledCase): Promise<string> {
  const options = { ...BASE, target: c.target, maxDiagnosticsPerFile: Number.MAX_SAFE_INTEGER };
  const json = c.json(3);
  const outcome = await checkBuffer(Buffer.from(json), 'input.json', 'json', options);
  // The parser rules' inputs are no JSON: their one finding is placed by the scanner.
  let document: unknown;
  try {
    document = JSON.parse(json);
  } catch {
    return `${c.mode} | ${c.ruleId}`;
  }
  const paths = outcome.documents[0]!.diagnostics.filter((d) => d.ruleId === c.ruleId).map((d) => d.path);
  const shapes = new Set<string>();
  for (const path of paths) {
    // Where this finding differs from another one of the same length.
    const other = paths.find(
      (p) => p !== path && p.length === path.length && p.some((s, i) => s !== path[i]),
    );
    if (other === undefined) continue;
    const at = path.findIndex((s, i) => s !== other[i]);
    const by = typeof path[at] === 'number' ? 'index' : 'name';
    const where = at < 2 ? 'root' : 'element';
    shapes.add(`${by} in ${where}${resolves(document, path) ? '' : ', past the end'}`);
  }
  return [c.mode, SCOPES.get(c.ruleId) ?? 'element', ...[...shapes].sort()].join(' | ');
}

function resolves(document: unknown, path: readonly (string | number)[]): boolean {
  let node = document;
  for (const segment of path) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, segment)) return false;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return true;
}

const SCOPES = new Map(RULES.map((r) => [r.id, r.scope ?? 'element']));
const SHAPES = new Map<ScaledCase, string>();
for (const c of CASES) SHAPES.set(c, await shapeOf(c));
/** The first case of each shape. */
const REPRESENTATIVE = new Set([...new Map([...SHAPES].reverse().map(([c, shape]) => [shape, c])).values()]);

const MODES = {
  members: 'repeated members',
  elements: 'repeated elements',
  document: 'a longer document',
} as const;

describe('scaling: an input ×10 costs at most ×20', () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('every rule of the catalogue has a scaled input', () => {
    const covered = new Set(CASES.map((c) => c.ruleId));
    assert.deepEqual(
      RULES.map((r) => r.id).filter((id) => !covered.has(id)),
      [],
    );
  });

  for (const placement of PLACEMENTS) {
    describe(placement.name, () => {
      const cases = placement.everyCase ? CASES : CASES.filter((k) => REPRESENTATIVE.has(k));
      for (const c of cases.filter((k) => placement.form === 'json' || k.yaml !== null)) {
        it(`${c.ruleId}, ${MODES[c.mode]} (${c.description})`, async () => {
          const m = await measure(c, placement);
          assert.ok(
            m.large <= LIMIT * m.small,
            `n = ${m.n}: ${m.small.toFixed(1)} ms, n × ${SCALE}: ${m.large.toFixed(1)} ms (×${(m.large / m.small).toFixed(1)})`,
          );
        });
      }
    });
  }
});
