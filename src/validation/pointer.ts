// RFC 6901 JSON pointers. Built only when a diagnostic is reported, never on the hot path.
import type { PathSegment } from '../types.js';

export function toPointer(path: readonly PathSegment[]): string {
  let out = '';
  for (const segment of path) {
    const text = typeof segment === 'number' ? String(segment) : segment;
    // Most segments need no escaping; skip the two regex passes for them (hot for large dumps).
    out +=
      text.includes('~') || text.includes('/')
        ? `/${text.replace(/~/g, '~0').replace(/\//g, '~1')}`
        : `/${text}`;
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
