// A tail probe for the header of a huge document. Dumps put `mcpdesc` and `tags` after a multi-GB
// `tools` array (spec §3.4); a full pre-pass to find them costs a whole extra scan (a fifth of a
// single-threaded check). The probe reads only the last few MiB instead: a raw line feed
// never occurs inside a JSON string, so scanning can start right after one with the string state
// known, tracking depth relative to that point. The file ends at depth 0, which fixes the absolute
// depth of everything in the tail, and so which keys are root members.
//
// What the probe finds is a guess (a root `tags` may also sit in the middle of the file): the caller
// checks it against the members the main pass actually sees and starts over with a full pre-pass when
// they differ.
import { isWs } from './json-lexical.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NL = 0x0a;

/** Offset after the string whose opening quote is at `i`, or -1 if it does not end. */
function skipString(bytes: Buffer, i: number): number {
  let j = i + 1;
  for (;;) {
    const q = bytes.indexOf(QUOTE, j);
    if (q < 0) return -1;
    let run = 0;
    for (let k = q - 1; k > i && bytes[k] === BACKSLASH; k--) run++;
    if ((run & 1) === 0) return q + 1;
    j = q + 1;
  }
}

/** Offset after the value starting at `i` (no validation), or -1 if it does not end in `bytes`. */
function skipValue(bytes: Buffer, i: number): number {
  const c = bytes[i];
  if (c === QUOTE) return skipString(bytes, i);
  if (c !== 0x7b && c !== 0x5b) {
    let j = i;
    while (j < bytes.length) {
      const d = bytes[j]!;
      if (isWs(d) || d === 0x2c || d === 0x5d || d === 0x7d) break;
      j++;
    }
    return j;
  }
  let depth = 0;
  let j = i;
  while (j < bytes.length) {
    const d = bytes[j]!;
    if (d === QUOTE) {
      j = skipString(bytes, j);
      if (j < 0) return -1;
      continue;
    }
    if (d === 0x7b || d === 0x5b) depth++;
    else if (d === 0x7d || d === 0x5d) {
      depth--;
      if (depth === 0) return j + 1;
    }
    j++;
  }
  return -1;
}

/**
 * The raw values of the root members named in `keys` that lie entirely in `tail` (the last bytes of a
 * file), the last occurrence of each; null when the tail cannot tell (no line feed to start from, or
 * it does not end as a document does).
 */
export function probeTail(tail: Buffer, keys: readonly string[]): Map<string, Buffer> | null {
  const wanted = new Set(keys);
  const start = tail.indexOf(NL);
  if (start < 0) return null;
  // Latest candidate per (depth, key): bounded, whatever the number of nested `tags` keys in tools.
  const candidates = new Map<string, { depth: number; key: string; bytes: Buffer }>();
  let depth = 0;
  let i = start + 1;
  const n = tail.length;
  while (i < n) {
    const c = tail[i]!;
    if (c === QUOTE) {
      const end = skipString(tail, i);
      if (end < 0) return null;
      let j = end;
      while (j < n && isWs(tail[j]!)) j++;
      if (tail[j] === 0x3a) {
        let key: string | null = null;
        try {
          key = JSON.parse(tail.toString('utf8', i, end)) as string;
        } catch {
          return null;
        }
        if (wanted.has(key)) {
          let v = j + 1;
          while (v < n && isWs(tail[v]!)) v++;
          const valueEnd = skipValue(tail, v);
          if (valueEnd < 0) return null;
          candidates.set(`${depth}\u0000${key}`, {
            depth,
            key,
            bytes: Buffer.from(tail.subarray(v, valueEnd)),
          });
          i = valueEnd;
          continue;
        }
        i = j + 1;
        continue;
      }
      i = end;
      continue;
    }
    if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) depth--;
    i++;
  }
  // The document ends at depth 0, so the tail started at depth -depth; root members sit at depth 1.
  const startDepth = -depth;
  if (startDepth < 1) return null;
  const rootDepth = 1 - startDepth;
  const found = new Map<string, Buffer>();
  for (const { depth: d, key, bytes } of candidates.values()) if (d === rootDepth) found.set(key, bytes);
  return found;
}
