// Inputs for the scaling tests: for each rule of the catalogue, documents in which that rule fires n
// times (or, where it can fire only once, documents n units large around its one finding), built from
// the rule's own invalid examples so that a rule added to the catalogue is covered without more code.
//
// Three ways to scale an example around the pointer of its finding:
// - `members`: a member on the finding's path is repeated n times in its object (an item n times in its
//   array), the deepest one that makes the rule fire n times: one element, one schema or one root
//   member grows, with many findings in it;
// - `elements`: the root collection element that holds the finding is repeated n times: many slices;
// - `document`: a finding a document has once: the document grows around it (its first array).
// Parser rules (their examples are raw text) get hand-written scalers.
import { stringify } from 'yaml';
import type { Target } from '../../src/types.js';
import type { InvalidRuleExample, Rule } from '../../src/validation/rule.js';

export type ScaleMode = 'members' | 'elements' | 'document';

export interface ScaledCase {
  ruleId: string;
  mode: ScaleMode;
  /** What the example is about (from the catalogue). */
  description: string;
  target: Target | null;
  /** The example's document and the path of the member that is repeated (none for the parser rules). */
  source?: { document: Json; path: readonly string[] };
  /** The input with the example scaled to n units, as JSON. */
  json(n: number): string;
  /** The same as YAML; null when it has no YAML form (the parser rules' raw text). */
  yaml: ((n: number) => string) | null;
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: unknown): value is { [key: string]: Json } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function decodePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function at(root: Json, path: readonly string[]): Json | undefined {
  let node: Json | undefined = root;
  for (const segment of path) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isObject(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return node;
}

/** `container` with its member (or item) `key` repeated until it holds n of them. */
function repeatIn(container: Json | undefined, key: string | null, n: number): boolean {
  if (Array.isArray(container)) {
    const index = key === null ? 0 : Number(key);
    const item = container[index] ?? { name: 'item' };
    const tail = container.splice(index + 1);
    for (let i = 1; i < n; i++) container.push(structuredClone(item));
    for (const rest of tail) container.push(rest);
    return true;
  }
  if (!isObject(container)) return false;
  if (key === null) {
    // The root itself failed: grow it by its first array (a collection), else by plain members.
    const array = Object.values(container).find((v) => Array.isArray(v) && v.length > 0);
    if (array) return repeatIn(array, '0', n);
    for (let i = 1; i < n; i++) container[`x-scale-${i}`] = i;
    return true;
  }
  const value = container[key];
  if (value === undefined) {
    // The finding is about a member that is missing: grow the object by others like it.
    for (let i = 1; i < n; i++) container[`${key}-${i}`] = i;
    return true;
  }
  for (let i = 1; i < n; i++) container[`${key}-${i}`] = structuredClone(value);
  return true;
}

/**
 * `document` with the member (or item) at `path` repeated n times in its container. The YAML is
 * written from it: an example's document can hold one object in two places, which YAML writes as an
 * anchor and its alias, in every copy (text spliced from one copy's text would lose them).
 */
export function repeatedAt(document: Json, path: readonly string[], n: number): Json | null {
  const copy = structuredClone(document);
  if (path.length === 0) return repeatIn(copy, null, n) ? copy : null;
  return repeatIn(at(copy, path.slice(0, -1)), path[path.length - 1]!, n) ? copy : null;
}

/**
 * Where the repeated run goes: `mark` (a member or item of the marked copy, as JSON.stringify writes
 * it) stands for the run of the unit texts `unit(1)` … `unit(n - 1)`.
 */
interface Run {
  mark: string;
  unit(i: number): string;
}

// A string no example document holds: the placeholder of the repeated run in the marked copy.
const MARK = '\u0000scaled run\u0000';
const MARK_TEXT = JSON.stringify(MARK);
const MARK_MEMBER = `${MARK_TEXT}:0`;

/**
 * Marks where `container` gets its member (or item) `key` repeated until it holds n of them: the
 * repeated item goes right after the original (its array's tail after them), a repeated member
 * `key-i` at the end of its object (or in place of one of that name already there).
 */
function markRun(container: Json | undefined, key: string | null, n: number): Run | null {
  if (Array.isArray(container)) {
    const index = key === null ? 0 : Number(key);
    const unit = JSON.stringify(container[index] ?? { name: 'item' });
    const tail = container.splice(index + 1);
    container.push(MARK, ...tail);
    return { mark: MARK_TEXT, unit: () => unit };
  }
  if (!isObject(container)) return null;
  const counted = (i: number) => ({ value: i, text: String(i) });
  if (key === null) {
    // The root itself failed: grow it by its first array (a collection), else by plain members.
    const array = Object.values(container).find((v) => Array.isArray(v) && v.length > 0);
    if (array) return markRun(array, '0', n);
    return memberRun(container, 'x-scale', n, counted);
  }
  const value = container[key];
  // The finding is about a member that is missing: grow the object by others like it.
  if (value === undefined) return memberRun(container, key, n, counted);
  const text = JSON.stringify(value);
  return memberRun(container, key, n, () => ({ value, text }));
}

/** The run of members `prefix-1` … `prefix-(n - 1)` at the end of `container`, with the values given. */
function memberRun(
  container: { [key: string]: Json },
  prefix: string,
  n: number,
  member: (i: number) => { value: Json; text: string },
): Run {
  const name = (i: number) => `${prefix}-${i}`;
  // A member of that name already there keeps its place (and takes the new value): not in the run.
  const taken = new Set<number>();
  for (const existing of Object.keys(container)) {
    const i = existing.startsWith(`${prefix}-`) ? Number(existing.slice(prefix.length + 1)) : 0;
    if (Number.isInteger(i) && i >= 1 && i < n && existing === name(i)) taken.add(i);
  }
  for (const i of taken) container[name(i)] = member(i).value;
  container[MARK] = 0;
  return {
    mark: MARK_MEMBER,
    unit: (i) => (taken.has(i) ? '' : `${JSON.stringify(name(i))}:${member(i).text}`),
  };
}

/**
 * `document` as JSON with the member (or item) at `path` repeated n times in its container; null when
 * there is no container there. Spliced as text into the marked copy's text: the same bytes as cloning
 * the member n times and writing the whole, at a fraction of the cost.
 */
export function repeatedText(document: Json, path: readonly string[], n: number): string | null {
  const copy = structuredClone(document);
  const run =
    path.length === 0
      ? markRun(copy, null, n)
      : markRun(at(copy, path.slice(0, -1)), path[path.length - 1]!, n);
  if (run === null) return null;
  const text = JSON.stringify(copy);
  const start = text.indexOf(run.mark);
  if (start < 0 || text.indexOf(run.mark, start + 1) >= 0) throw new Error('the run marker is not unique');
  const units: string[] = [];
  for (let i = 1; i < n; i++) {
    const unit = run.unit(i);
    if (unit !== '') units.push(unit);
  }
  let from = start;
  let to = start + run.mark.length;
  // No run: the marker goes with the comma that separated it from a neighbour.
  if (units.length === 0) {
    if (text[from - 1] === ',') from--;
    else if (text[to] === ',') to++;
  }
  return text.slice(0, from) + units.join(',') + text.slice(to);
}

/** A check of the whole document with no cap: how often the rule fires. */
export type CountFindings = (json: string, ruleId: string, target: Target | null) => Promise<number>;

/**
 * The deepest prefix of `path` at which repeating the member n times makes the rule fire about n times
 * as often (repeating a keyword inside a failing schema does not, repeating the schema does); null when
 * no prefix does (a finding a document can have once).
 */
async function growingPrefix(
  rule: Rule,
  example: InvalidRuleExample & { document: unknown },
  path: readonly string[],
  count: CountFindings,
): Promise<string[] | null> {
  const target = example.target ?? null;
  const document = example.document as Json;
  for (let depth = path.length; depth >= 1; depth--) {
    const prefix = path.slice(0, depth);
    const one = repeatedText(document, prefix, 1);
    const ten = repeatedText(document, prefix, 10);
    if (one === null || ten === null) continue;
    const before = await count(one, rule.id, target);
    const after = await count(ten, rule.id, target);
    if (after >= before + 9) return prefix;
  }
  return null;
}

function caseOf(
  rule: Rule,
  example: InvalidRuleExample & { document: unknown },
  mode: ScaleMode,
  path: readonly string[],
): ScaledCase {
  const document = example.document as Json;
  return {
    ruleId: rule.id,
    mode,
    description: example.description,
    target: example.target ?? null,
    source: { document, path },
    // No container at the path: the document is written as null, as cloning into nothing gives.
    json: (n) => repeatedText(document, path, n) ?? 'null',
    yaml: (n) => stringify(repeatedAt(document, path, n)),
  };
}

async function documentCases(
  rule: Rule,
  example: InvalidRuleExample & { document: unknown },
  count: CountFindings,
): Promise<ScaledCase[]> {
  const pointer = example.diagnostics[0]?.pointer;
  if (pointer === undefined) return [];
  const path = decodePointer(pointer);
  const grows = await growingPrefix(rule, example, path, count);
  const document = example.document as Json;
  const inCollection = path.length >= 2 && Array.isArray(at(document, [path[0]!]));
  const cases: ScaledCase[] = [];
  // Many findings inside one element or member (deeper than the element itself).
  if (grows !== null && grows.length > (inCollection ? 2 : 0))
    cases.push(caseOf(rule, example, 'members', grows));
  // Many elements, each with the finding.
  if (inCollection) cases.push(caseOf(rule, example, 'elements', path.slice(0, 2)));
  // A finding the document has once (or at its root): the document grows around it.
  if (cases.length === 0) cases.push(caseOf(rule, example, 'document', grows ?? []));
  return cases;
}

const TOOL = '{"name":"t","inputSchema":{"type":"object"}}';

function tools(n: number, last: string): string {
  const list: string[] = [];
  for (let i = 0; i < n - 1; i++) list.push(TOOL.replace('"t"', `"t${i}"`));
  list.push(last);
  return list.join(',');
}

function head(body: string): string {
  return `{"mcpdesc":"0.7.0","info":{"name":"a","version":"1"},"transports":[{"type":"stdio","command":"a"}],${body}}`;
}

/** Parser rules: the one finding of a document that grows with n. */
const TEXT_SCALERS: Record<string, (n: number) => string> = {
  // A trailing comma after n tools: the error is found (and placed) at the end.
  'mcpdesc.document.syntax': (n) => head(`"tools":[${tools(n, TOOL)}],`),
  'mcpdesc.document.bom': (n) => `\ufeff${head(`"tools":[${tools(n, TOOL)}]`)}`,
  // The last of n tools repeats a member name.
  'mcpdesc.document.duplicate-key': (n) =>
    head(`"tools":[${tools(n, '{"name":"z","name":"z","inputSchema":{"type":"object"}}')}]`),
};

/** Every way the catalogue's rules are scaled; each rule has at least one (the test checks). */
export async function scaledCases(rules: readonly Rule[], count: CountFindings): Promise<ScaledCase[]> {
  const cases: ScaledCase[] = [];
  for (const rule of rules) {
    const text = TEXT_SCALERS[rule.id];
    if (text) {
      cases.push({
        ruleId: rule.id,
        mode: 'document',
        description: 'a document n tools long',
        target: null,
        json: text,
        yaml: null,
      });
      continue;
    }
    // The first invalid example that can be scaled each way; a longer document only when no example
    // makes the rule fire more often.
    const own = new Map<ScaleMode, ScaledCase>();
    for (const example of rule.examples.invalid) {
      if (example.document === undefined) continue;
      const found = await documentCases(rule, example as InvalidRuleExample & { document: unknown }, count);
      for (const c of found) if (!own.has(c.mode)) own.set(c.mode, c);
    }
    if (own.size > 1) own.delete('document');
    cases.push(...own.values());
  }
  return cases;
}
