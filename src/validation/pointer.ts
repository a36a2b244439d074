// RFC 6901 JSON pointers. Built only when a diagnostic is reported, never on the hot path.
import type { PathSegment } from '../types.js';

/** One segment as RFC 6901 writes it: `~` as `~0`, `/` as `~1`. */
function escapeSegment(segment: PathSegment): string {
  if (typeof segment === 'number') return `${segment}`;
  // Most segments are plain keys: a scan instead of two regex passes (a large share of the cost of a
  // diagnostic on the real corpus, where one rule reports 25k tools) or two `includes` calls.
  for (let i = 0; i < segment.length; i++) {
    const c = segment.charCodeAt(i);
    if (c === 0x2f || c === 0x7e) return segment.replace(/~/g, '~0').replace(/\//g, '~1');
  }
  return segment;
}

/**
 * The last path's first segment as a pointer prefix (`/tools/`) and its first two segments as a
 * pointer (`/tools/3`): consecutive diagnostics mostly share them (on the real corpus, two rules report
 * most tools, one after the other, and every element sits under the same collection). Short strings
 * are copied on every `+`, so each piece reused saves an allocation on each of the real corpus' 50k
 * findings.
 */
let first: PathSegment | undefined;
let firstText = '';
let second: PathSegment | undefined;
let prefix = '';

/** Longer names are not kept: module state must not hold on to a hostile megabyte-long member name. */
const MAX_KEPT = 64;

function keepable(segment: PathSegment): boolean {
  return typeof segment === 'number' || segment.length <= MAX_KEPT;
}

function uncached(path: readonly PathSegment[]): string {
  let out = '';
  for (let i = 0; i < path.length; i++) out += `/${escapeSegment(path[i]!)}`;
  return out;
}

export function toPointer(path: readonly PathSegment[]): string {
  const n = path.length;
  if (n === 0) return '';
  const a = path[0]!;
  if (!keepable(a) || (n > 1 && !keepable(path[1]!))) return uncached(path);
  if (a !== first) {
    first = a;
    firstText = `/${escapeSegment(a)}/`;
    second = undefined;
  }
  if (n === 1) return firstText.slice(0, -1);
  const b = path[1]!;
  let out: string;
  if (b === second) out = prefix;
  else {
    out = firstText + escapeSegment(b);
    second = b;
    prefix = out;
  }
  for (let i = 2; i < n; i++) out += `/${escapeSegment(path[i]!)}`;
  return out;
}

export function fromPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}
