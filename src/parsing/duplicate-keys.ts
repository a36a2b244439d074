// Duplicate member names in JSON text that already parsed. `JSON.parse` keeps the last copy silently,
// other parsers keep the first or refuse the text (RFC 8259 §4 only says names SHOULD be unique), so a
// document with two `tools` members can show one list to this validator and another to a client.
//
// The check runs on every parsed document and slice, so it is split in two:
//  - `mayHaveDuplicateKeys`: a count that is exact when it says "no", in two tiers.
//    1. Every member has a ':' after its name, and the last non-whitespace character before that ':'
//       is the name's closing quote, which no odd run of backslashes escapes. So the ':' that follow
//       an unescaped quote (whitespace between allowed) are at least as many as the members. The only
//       others are ':' inside a string right after its opening quote (`":"`, `" : x"`): a look back
//       cannot tell an opening from a closing quote, so they are counted too, which only errs towards
//       "maybe". The parsed value holds one key per distinct name: when the keys are as many as
//       those ':', the text had no more members than the value has keys, so nothing was dropped. No
//       string of the value is read, so an escape (`\u003a`) cannot offset a dropped member. It
//       decides every document of both corpora (none has a duplicate) for about a quarter of a
//       JSON.parse of the same text, well under tier 2 alone (bench/micro/parse-steps): an indexOf per
//       ':' and a walk, no indexOf per string.
//    2. When tier 1 says maybe (a duplicate, or a string starting with ':'): every member in the text
//       has one ':' after its name; every other ':' in the text is a raw ':' inside a string, and the
//       value holds every string of the kept members, so
//       (':' in the text) - (keys + ':' in the strings of the value) counts exactly what JSON.parse
//       dropped and is 0 iff nothing was. Only an escaped colon (`\u003a`) would add a ':' to the value
//       that the text does not have; a text containing one takes the exact scan.
//  - `findDuplicateKey`: the exact, iterative scan (a 100k-deep document cannot overflow the stack),
//    run only when the count says there may be a duplicate.
// The streamed check has it cheaper: the splitter counts each slice's members (its ':' outside strings)
// while it scans anyway, so only the value's keys are counted (`countKeys`, ~1/3 of the full count).
// Every count compares with for-in keys: an enumerable key on Object.prototype would add keys to every
// object, enough to offset dropped members, so then every text goes to the exact scan.

import { quote } from '../quote.js';
import type { PathSegment } from '../types.js';
import { isWs, stringEnd } from './json-lexical.js';

export interface DuplicateKey {
  /** The member's path (the object's path plus the repeated name). */
  path: PathSegment[];
  /** UTF-16 offset of the opening quote of the second occurrence's name. */
  offset: number;
}

function countColons(s: string): number {
  let n = 0;
  let i = s.indexOf(':');
  while (i !== -1) {
    n++;
    i = s.indexOf(':', i + 1);
  }
  return n;
}

/**
 * ':' whose last non-whitespace character before is a quote not escaped by an odd run of backslashes:
 * every member's ':' and, in a string, a ':' right after its opening quote (see the header).
 */
export function colonsAfterQuotes(text: string): number {
  let n = 0;
  let i = text.indexOf(':');
  while (i !== -1) {
    let q = i - 1;
    let c = text.charCodeAt(q);
    while (isWs(c)) c = text.charCodeAt(--q);
    if (c === 0x22) {
      let backslashes = 0;
      while (text.charCodeAt(q - 1 - backslashes) === 0x5c) backslashes++;
      if (backslashes % 2 === 0) n++;
    }
    i = text.indexOf(':', i + 1);
  }
  return n;
}

/** Whether for-in would enumerate a key of Object.prototype in every parsed object (see the header). */
function prototypePolluted(): boolean {
  for (const _ in Object.prototype) return true;
  return false;
}

/**
 * Whether the parsed `value` of `text` may have lost members to duplicate names. False means certainly
 * not; true means `findDuplicateKey` must decide (it is also true for any text it cannot judge cheaply).
 */
export function mayHaveDuplicateKeys(text: string, value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (prototypePolluted()) return true;
  if (colonsAfterQuotes(text) === countKeys(value)) return false;
  return mayHaveDuplicateKeysAllColons(text, value);
}

/** Tier 2 of the header: every ':' of the text against the keys and the ':' in the value's strings. */
export function mayHaveDuplicateKeysAllColons(text: string, value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (prototypePolluted()) return true;
  // `\u003a` / `\u003A`: the escaped colon, the one thing that puts a ':' in the value and not the text.
  let escaped = text.indexOf('\\u003');
  while (escaped !== -1) {
    const c = text.charCodeAt(escaped + 5);
    if (c === 0x61 || c === 0x41) return true;
    escaped = text.indexOf('\\u003', escaped + 5);
  }
  let budget = countColons(text);
  const stack: object[] = [value];
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        if (typeof x === 'string') budget -= countColons(x);
        else if (typeof x === 'object' && x !== null) stack.push(x);
      }
    } else {
      // for-in: JSON.parse objects have only own enumerable data properties (a "__proto__" member is
      // one of them), and Object.prototype adds none (checked above).
      for (const k in v) {
        budget -= 1 + countColons(k);
        const x: unknown = (v as Record<string, unknown>)[k];
        if (typeof x === 'string') budget -= countColons(x);
        else if (typeof x === 'object' && x !== null) stack.push(x);
      }
    }
  }
  return budget !== 0;
}

interface Frame {
  object: boolean;
  /** Array: the current element's index. Object: the current member's name. */
  at: PathSegment;
  /** Names seen so far in this object (created at its second member). */
  names: Set<string> | null;
  first: string | null;
}

/**
 * The first duplicate member name of a JSON text that is valid JSON (`JSON.parse` accepted it), in text
 * order: the earliest name that repeats a name of the same object. Null when every name is unique.
 */
export function findDuplicateKey(text: string): DuplicateKey | null {
  const frames: Frame[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const end = stringEnd(text, i);
      const top = frames[frames.length - 1];
      let k = end;
      while (k < n && isWs(text.charCodeAt(k))) k++;
      if (top?.object && text.charCodeAt(k) === 0x3a) {
        const raw = text.slice(i + 1, end - 1);
        const name = raw.includes('\\') ? (JSON.parse(text.slice(i, end)) as string) : raw;
        if (top.first === null) {
          top.first = name;
        } else {
          top.names ??= new Set([top.first]);
          if (top.names.has(name)) {
            const path = frames.map((f) => f.at);
            path[path.length - 1] = name;
            return { path, offset: i };
          }
          top.names.add(name);
        }
        top.at = name;
        i = k + 1;
        continue;
      }
      i = end;
      continue;
    }
    if (c === 0x7b || c === 0x5b) {
      frames.push({ object: c === 0x7b, at: 0, names: null, first: null });
    } else if (c === 0x7d || c === 0x5d) {
      frames.pop();
    } else if (c === 0x2c) {
      const top = frames[frames.length - 1];
      if (top && !top.object) top.at = (top.at as number) + 1;
    }
    i++;
  }
  return null;
}

/** Both steps: the first duplicate of a parsed-valid text, or null. */
export function firstDuplicateKey(text: string, value: unknown): DuplicateKey | null {
  return mayHaveDuplicateKeys(text, value) ? findDuplicateKey(text) : null;
}

/** The keys of every object in a parsed value (for-in: see mayHaveDuplicateKeysAllColons). */
export function countKeys(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  let keys = 0;
  const stack: object[] = [value];
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        if (typeof x === 'object' && x !== null) stack.push(x);
      }
    } else {
      for (const k in v) {
        keys++;
        const x: unknown = (v as Record<string, unknown>)[k];
        if (typeof x === 'object' && x !== null) stack.push(x);
      }
    }
  }
  return keys;
}

/**
 * The first duplicate of a parsed-valid text whose members were counted while it was scanned (the
 * splitter's `members`): the text lost members to duplicates exactly when its value has fewer keys.
 */
export function firstDuplicateKeyCounted(text: string, value: unknown, members: number): DuplicateKey | null {
  return prototypePolluted() || countKeys(value) !== members ? findDuplicateKey(text) : null;
}

/** The finding's message, worded alike by the whole-file and the streamed checks. */
export function duplicateKeyMessage(path: readonly PathSegment[]): string {
  const name = String(path[path.length - 1] ?? '');
  return `Member name ${quote(name)} appears again in the same object (RFC 8259: names SHOULD be unique). Parsers differ on which copy they keep, so the document was not checked further.`;
}
