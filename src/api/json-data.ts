// A document given parsed must be JSON data, what JSON.parse returns: the rules read it as the JSON
// text it stands for. Anything JSON cannot hold (undefined, NaN, a Date, a function, a value that
// contains itself) has no such text, so there is nothing to judge; and the rules walk values, so a
// cycle would never come back. Values shared between places (YAML aliases give such) are JSON data,
// but a few of them can stand for billions of values written out, which the rules would walk too.
//
// A plain recursive walk with a budget settles the common case cheaply;
// whatever it cannot settle (a value JSON cannot hold, a deep or a large value) is walked again
// without recursion, each shared value once, to say exactly where the problem is and how large the
// document is once written out.
import type { PathSegment } from '../types.js';
import { toPointer } from '../validation/pointer.js';

/** Why a value is not JSON data: where (a path into it) and what is there instead. */
export interface NotJsonData {
  path: PathSegment[];
  found: string;
}

/** The document's size in values: as held (each shared value once), and as written out. */
export interface JsonDataSize {
  distinct: number;
  expanded: number;
}

/** A document that is JSON data but stands for more values written out than are checked. */
export interface TooManyValues extends JsonDataSize {
  limit: number;
}

/**
 * A value stands for at most this many values written out, or this factor times its own: the bound
 * YAML's alias limit puts on text, for values already parsed.
 */
const EXPANSION_FLOOR = 1_000_000;
const EXPANSION_FACTOR = 100;
/** Nesting the recursive walk takes (far below the stack's depth); deeper values take the other walk. */
const RECURSION_DEPTH = 1000;

interface Frame {
  value: Record<string, unknown> | unknown[];
  keys: string[] | null;
  next: number;
  /** Values of this container as written out, itself included; complete when the frame ends. */
  size: number;
}

/** Memoised sizes of containers walked; ON_PATH while the walk is inside one. */
const ON_PATH = -1;

function article(name: string): string {
  return /^[AEIOU]/i.test(name) ? `an ${name}` : `a ${name}`;
}

/** What a non-JSON value is, for the message; null for a JSON scalar, 'container' for an object or array. */
function kindOf(value: unknown): string | null {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return null;
    case 'number':
      return Number.isFinite(value) ? null : String(value);
    case 'object': {
      if (value === null || Array.isArray(value)) return value === null ? null : 'container';
      // A plain object of any realm (its prototype is that realm's Object.prototype), or one without.
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto === null || Object.getPrototypeOf(proto) === null) return 'container';
      const name = (proto as { constructor?: { name?: unknown } }).constructor?.name;
      return typeof name === 'string' && name !== '' ? article(name) : 'an object with a prototype';
    }
    case 'undefined':
      return 'undefined';
    default:
      return article(typeof value);
  }
}

/** Values the recursive walk may still visit. */
let budget = 0;

/** Whether `value` is JSON data that the recursive walk settles: in budget, not too deep, plain. */
function settles(value: unknown, depth: number): boolean {
  if (--budget < 0) return false;
  if (typeof value !== 'object')
    return typeof value === 'string' || typeof value === 'boolean' || Number.isFinite(value);
  if (value === null) return true;
  if (depth === RECURSION_DEPTH) return false;
  if (Array.isArray(value)) {
    // A hole reads as undefined, which does not settle.
    for (let i = 0; i < value.length; i++) if (!settles(value[i], depth + 1)) return false;
    return true;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) if (!settles(record[key], depth + 1)) return false;
  return true;
}

function frameOf(value: object): Frame {
  return Array.isArray(value)
    ? { value, keys: null, next: 0, size: 1 }
    : { value: value as Record<string, unknown>, keys: Object.keys(value), next: 0, size: 1 };
}

/**
 * Walks `root` without recursion: the first thing in it that JSON cannot hold, or its size. Linear in
 * the values held (a shared container is walked once and its size reused).
 */
function walk(root: unknown): NotJsonData | JsonDataSize {
  const rootKind = kindOf(root);
  if (rootKind !== 'container')
    return rootKind === null ? { distinct: 1, expanded: 1 } : { path: [], found: rootKind };
  const sizes = new Map<object, number>([[root as object, ON_PATH]]);
  const frames: Frame[] = [frameOf(root as object)];
  const path: PathSegment[] = [];
  let distinct = 1;
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    const { value, keys } = frame;
    const length = keys === null ? (value as unknown[]).length : keys.length;
    if (frame.next === length) {
      frames.pop();
      sizes.set(value, frame.size);
      if (frames.length > 0) {
        frames[frames.length - 1]!.size += frame.size;
        path.pop();
      }
      continue;
    }
    const index = frame.next++;
    const key: PathSegment = keys === null ? index : keys[index]!;
    const child: unknown = (value as Record<PathSegment, unknown>)[key];
    const kind = kindOf(child);
    if (kind === null) {
      frame.size++;
      distinct++;
      continue;
    }
    if (kind !== 'container') {
      const hole = child === undefined && keys === null && !(index in value);
      return { path: [...path, key], found: hole ? 'missing (a hole in the array)' : kind };
    }
    const known = sizes.get(child as object);
    if (known === ON_PATH) return { path: [...path, key], found: 'a value that contains itself (a cycle)' };
    if (known !== undefined) {
      frame.size += known;
      continue;
    }
    sizes.set(child as object, ON_PATH);
    distinct++;
    path.push(key);
    frames.push(frameOf(child as object));
  }
  return { distinct, expanded: sizes.get(root as object)! };
}

/**
 * Null when `root` is JSON data the rules may walk; else what JSON cannot hold in it and where, or how
 * many values it stands for once written out, over the limit.
 */
export function jsonDataProblem(root: unknown): NotJsonData | TooManyValues | null {
  budget = EXPANSION_FLOOR;
  if (settles(root, 0)) return null;
  const walked = walk(root);
  if ('path' in walked) return walked;
  const limit = Math.max(EXPANSION_FLOOR, walked.distinct * EXPANSION_FACTOR);
  return walked.expanded > limit ? { ...walked, limit } : null;
}

/** The TypeError for a value that is not JSON data, naming where (a JSON pointer) and what is there. */
export function notJsonDataError(caller: string, problem: NotJsonData): TypeError {
  const pointer = toPointer(problem.path);
  const where =
    problem.path.length === 0
      ? 'the document'
      : pointer.length <= 200
        ? pointer
        : `${pointer.slice(0, 200)}…`;
  return new TypeError(
    `${caller}: ${where} is ${problem.found}, which JSON cannot hold; pass JSON data (what JSON.parse returns), the document's text, or its bytes as a Uint8Array`,
  );
}
