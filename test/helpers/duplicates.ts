// Planting one duplicate member name into a JSON value's serialization, with where it went: for the
// duplicate-key tests of the parser (test/unit/parsing) and of whole-file = streamed (test/unit/fuzz).
import type { PathSegment } from '../../src/types.js';

/** A JSON value with one repeated member planted into one of its objects, and where it went. */
export interface Planted {
  text: string;
  path: PathSegment[];
  offset: number;
}

/**
 * Serialize `value` (no duplicates: it is a JS value) and, in the object reached by `target` (the n-th
 * object in serialization order), repeat the member `pick` later in the object with `copy` as value.
 */
export function plantDuplicate(
  value: unknown,
  target: number,
  pick: number,
  copy: unknown,
  space: string,
): Planted | null {
  let objects = 0;
  let planted: Planted | null = null;
  let text = '';
  const emit = (v: unknown, path: PathSegment[]): void => {
    if (Array.isArray(v)) {
      text += '[';
      v.forEach((x, i) => {
        if (i > 0) text += `,${space}`;
        emit(x, [...path, i]);
      });
      text += ']';
      return;
    }
    if (v === null || typeof v !== 'object') {
      text += JSON.stringify(v);
      return;
    }
    const mine = objects++ === target;
    const keys = Object.keys(v);
    text += '{';
    keys.forEach((k, i) => {
      if (i > 0) text += `,${space}`;
      text += `${JSON.stringify(k)}:${space}`;
      emit((v as Record<string, unknown>)[k], [...path, k]);
    });
    if (mine && keys.length > 0) {
      const k = keys[pick % keys.length]!;
      text += `,${space}`;
      planted = { text: '', path: [...path, k], offset: text.length };
      text += `${JSON.stringify(k)}:${space}${JSON.stringify(copy)}`;
    }
    text += '}';
  };
  emit(value, []);
  if (planted === null) return null;
  return { ...(planted as Planted), text };
}
