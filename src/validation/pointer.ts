// RFC 6901 JSON pointers. Built only when a diagnostic is reported, never on the hot path.
import type { PathSegment } from '../types.js';

export function toPointer(path: readonly PathSegment[]): string {
  let out = '';
  for (const segment of path) {
    out += `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`;
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
