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

export function toPointer(path: readonly PathSegment[]): string {
  let out = '';
  for (let i = 0; i < path.length; i++) out += `/${escapeSegment(path[i]!)}`;
  return out;
}

export function fromPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}
