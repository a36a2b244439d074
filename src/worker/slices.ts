// Fan-out of one huge document, the worker's side: a task is a batch of element slices in one
// buffer (src/slice-table.ts); the worker parses each slice once, runs the element-scoped rules
// (`createElementChecker`) and returns placed diagnostics plus the small projections the
// document-scoped rules need, which the main thread applies in document order (worker/fan-out.ts).
import { syntaxFinding, syntaxWidth } from '../parsing/json-scan.js';
import { positionFrom } from '../parsing/position.js';
import {
  F_COLLECTION,
  F_COLUMN,
  F_END,
  F_INDEX,
  F_LINE,
  F_MEMBERS,
  F_START,
  SLICE_FIELDS,
} from '../slice-table.js';
import type { LocatedDiagnostic, PhaseTimings, RuleTimings } from '../types.js';
import { createElementChecker, type ElementChecker } from '../validation/engine.js';
import { COLLECTION_KEYS, type Rule } from '../validation/rule.js';
import { zeroPhases } from '../validation/timings.js';
import { sliceDuplicate } from './duplicate-keys.js';
import { parseWouldExhaustHeap } from './heap-room.js';
import { placeInSlice } from './slice-place.js';
import { sliceWork, timedEngine, withRuleTimings } from './stats.js';
import type { SliceResult, SliceTask } from './tasks.js';

export type { RunSliceTask, SliceResult, SliceTask } from './tasks.js';

/** A document's element checker, and under --stats the table its rules are timed into. */
interface Checker {
  checker: ElementChecker;
  rules: RuleTimings | undefined;
}

// Worker side. A worker serves several documents over its life; keep the last few checkers.
const checkers = new Map<string, Checker>();
const MAX_CHECKERS = 4;

function checkerFor(task: SliceTask, rules: readonly Rule[] | undefined): Checker {
  let entry = checkers.get(task.documentId);
  if (!entry) {
    const table: RuleTimings | undefined = task.stats ? {} : undefined;
    const engine = table === undefined ? task.options : timedEngine(task.options, table);
    entry = { checker: createElementChecker(task.header, engine, rules), rules: table };
    if (checkers.size >= MAX_CHECKERS) checkers.delete(checkers.keys().next().value!);
    checkers.set(task.documentId, entry);
  }
  return entry;
}

/**
 * Piscina task (`name: 'checkSlices'`): parse and check one batch of element slices. `rules` is for
 * in-process callers (tests); a worker uses the catalogue. The task's buffer is only read.
 */
export function checkSlices(task: SliceTask, rules?: readonly Rule[]): SliceResult {
  const started = task.stats ? performance.now() : 0;
  const { checker, rules: table } = checkerFor(task, rules);
  const result = checkSliceBatch(task, checker);
  if (task.stats) {
    sliceWork.ms += performance.now() - started;
    withRuleTimings(result, table);
  }
  return result;
}

function checkSliceBatch(task: SliceTask, checker: ElementChecker): SliceResult {
  const table = new Float64Array(task.buffer, 0, task.count * SLICE_FIELDS);
  const bytes = Buffer.from(task.buffer, task.dataOffset);
  const result: SliceResult = { checked: 0, diagnostics: [], projections: [], stride: 0 };
  // --stats: decoding, parsing and the duplicate check are parse; the element checker validate; placing
  // its findings locate. Timed per slice (laps), kept in `result.phases`.
  const phases: PhaseTimings | null = task.stats ? zeroPhases() : null;
  if (phases !== null) result.phases = phases;
  let t = phases === null ? 0 : performance.now();
  const lap = (phase: keyof PhaseTimings) => {
    const now = performance.now();
    phases![phase] += now - t;
    t = now;
  };
  for (let k = 0, row = 0; k < task.count; k++, row += SLICE_FIELDS) {
    const collection = COLLECTION_KEYS[table[row + F_COLLECTION]!]!;
    const index = table[row + F_INDEX]!;
    const text = bytes.toString('utf8', table[row + F_START]!, table[row + F_END]!);
    const base = { line: table[row + F_LINE]!, column: table[row + F_COLUMN]! };
    const heavy = parseWouldExhaustHeap(text);
    if (heavy) {
      result.heap = { slice: k, message: `/${collection}/${index}: ${heavy}` };
      return result;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (thrown) {
      const error = syntaxFinding(text, (thrown as Error).message, 'array', true);
      const start = positionFrom(base, text, error.offset);
      result.failure = {
        slice: k,
        message: error.message,
        ...start,
        endLine: start.line,
        endColumn: start.column + syntaxWidth(text, error.offset, true),
      };
      return result;
    }
    if (result.duplicate === undefined) {
      const found = sliceDuplicate(text, value, [collection, index], base, table[row + F_MEMBERS]!);
      if (found) result.duplicate = { ...found, slice: k };
    }
    if (phases !== null) lap('parseMs');
    const outcome = checker.check(collection, index, value);
    if (phases !== null) lap('validateMs');
    if (outcome.diagnostics.length > 0) {
      const slice = { path: [collection, index], base };
      const own = (outcome.diagnostics as LocatedDiagnostic[]).filter(
        (d) => d.path[0] === collection && d.path[1] === index,
      );
      placeInSlice(own, slice, text);
      result.diagnostics.push([k, outcome.diagnostics]);
    }
    result.stride = outcome.projections.length;
    for (const projection of outcome.projections) result.projections.push(projection);
    result.checked++;
    if (phases !== null) lap('locateMs');
  }
  return result;
}
