// A document given parsed must be JSON data, what JSON.parse returns: the rules read it as the JSON
// text it stands for. Anything JSON cannot hold (undefined, NaN, a Date, a function, a value that
// contains itself) has no such text, so there is nothing to judge; and the rules walk values, so a
// cycle would never come back. One walk, without recursion (a deep value must not overflow the stack),
// that also counts how many values the document holds once written out: values shared between places
// (YAML aliases give such) are walked once, but a few shared values can stand for billions.
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

function frameOf(value: object): Frame {
  return Array.isArray(value)
    ? { value, keys: null, next: 0, size: 1 }
    : { value: value as Record<string, unknown>, keys: Object.keys(value), next: 0, size: 1 };
}

/**
 * Walks `root`: the first thing in it that JSON cannot hold, or its size. Linear in the values held
 * (a shared container is walked once and its size reused).
 */
export function walkJsonData(root: unknown): NotJsonData | JsonDataSize {
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
