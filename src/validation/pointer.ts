// RFC 6901 JSON pointers. Built only when a diagnostic is reported, never on the hot path.
import type { PathSegment } from '../types.js';

export function toPointer(path: readonly PathSegment[]): string {
  let out = '';
  for (const segment of path) {
    // Most segments are indices or plain keys: skip the two regex passes (~40% of the cost of a
    // diagnostic on the real corpus, where one rule reports 25k tools).
    if (typeof segment === 'number') out += `/${segment}`;
    else if (!segment.includes('~') && !segment.includes('/')) out += `/${segment}`;
    else out += `/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  }
  return out;
}

export function fromPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}
