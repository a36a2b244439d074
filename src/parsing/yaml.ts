// YAML input, parsed as the reference tooling writes it and as safely as registry input needs:
// - YAML 1.2 core schema, so `2026-07-28`, `yes` and `0777` keep their 1.2 meanings (a date stays a string);
// - one document; unique string keys; no plain `<<` merge keys (YAML 1.1 only); no `.inf`/`.nan` (no JSON form); no tags beyond the core ones (`!!binary`, `!!set`, `!foo`… are findings,
//   so a tag can neither smuggle a value nor change a type behind the validator's back);
// - aliases are expanded with yaml's `maxAliasCount` bound (100), so a billion-laughs document is a
//   finding instead of gigabytes; an alias inside its own anchor (a cycle) is refused before expansion,
//   because the rules walk values and would never come back from a cyclic one.
import { createRequire } from 'node:module';
import type * as YamlLibrary from 'yaml';
import type { Document, DocumentOptions, Node, ParseOptions, SchemaOptions, YAMLMap } from 'yaml';
import { quote } from '../quote.js';
import type { ParseResult, ParserFinding, PathLocator } from './finding.js';
import type { Span } from './json-scan.js';

/**
 * The yaml library, loaded on the first YAML input: it is ~70 CommonJS modules, a large share of a
 * single-file run, and most runs check JSON only.
 */
let library: typeof YamlLibrary | null = null;
function yaml(): typeof YamlLibrary {
  library ??= createRequire(import.meta.url)('yaml') as typeof YamlLibrary;
  return library;
}

export const YAML_MAX_ALIAS_COUNT = 100;
/** Parser errors reported per document; the first few say everything a user can act on. */
const MAX_YAML_FINDINGS = 10;

const CORE_TAGS = new Set([
  '!',
  ...['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((t) => `tag:yaml.org,2002:${t}`),
]);

const PARSE_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  version: '1.2',
  schema: 'core',
  // yaml's own check compares every key with every earlier one (quadratic). Ours is a Set.
  uniqueKeys: false,
  customTags: [],
  resolveKnownTags: false,
  merge: false,
  // 'warn' (the default) calls process.emitWarning for odd keys: hostile input must not write to
  // stderr. 'silent' would also drop the multiple-documents error.
  logLevel: 'error',
  prettyErrors: false,
};

/** yaml appends " at line L, column C:" and a code frame; we place findings ourselves. */
function firstLine(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
}

/** yaml's wording, except where it addresses the library's caller rather than the document's author. */
function yamlErrorText(code: string, message: string): string {
  if (code === 'MULTIPLE_DOCS') {
    return 'the file holds more than one YAML document (a "---" after content); an MCP Description is one document';
  }
  return firstLine(message);
}

export function parseYamlText(text: string): ParseResult<PathLocator> {
  let doc: Document.Parsed;
  try {
    doc = yaml().parseDocument(text, PARSE_OPTIONS);
  } catch (error) {
    // Deep nesting can exhaust the stack inside yaml's composer: still a finding, never a crash.
    return fail(0, `Invalid YAML: ${firstLine((error as Error).message)}`);
  }
  if (doc.errors.length > 0) {
    return {
      ok: false,
      findings: doc.errors.slice(0, MAX_YAML_FINDINGS).map((e) => ({
        kind: 'syntax',
        message: `Invalid YAML (${e.code}): ${yamlErrorText(e.code, e.message)}`,
        offset: e.pos[0],
        // yaml's own range of the offending token (one character at least, as for JSON).
        end: Math.max(e.pos[1], e.pos[0] + 1),
      })),
    };
  }
  if (doc.contents === null) return fail(0, 'The document is empty (no YAML content).');

  const unsafe = checkTagsAndCycles(doc, text);
  if (unsafe.length > 0) return { ok: false, findings: unsafe };

  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: YAML_MAX_ALIAS_COUNT });
  } catch (error) {
    const message = (error as Error).message;
    if (/alias count/i.test(message)) {
      return fail(
        0,
        `YAML aliases expand beyond the limit (maxAliasCount ${YAML_MAX_ALIAS_COUNT}): refused as a possible alias bomb.`,
      );
    }
    return fail(0, `Invalid YAML: ${firstLine(message)}`);
  }
  const root = doc.contents;
  return {
    ok: true,
    value,
    locate: (paths) => {
      const indexes: MapIndexes = new Map();
      return paths.map((path) => locateYamlPath(root, path, text, indexes));
    },
  };
}

function fail(offset: number, message: string): { ok: false; findings: ParserFinding[] } {
  return { ok: false, findings: [{ kind: 'syntax', message, offset }] };
}

/**
 * Iterative walk: explicit non-core tags, aliases that point into their own anchor, and values JSON
 * cannot hold.
 */
function checkTagsAndCycles(doc: Document.Parsed, text: string): ParserFinding[] {
  const findings: ParserFinding[] = [];
  // Node ranges start after a tag; yaml's unresolved-tag warnings point at the tag itself.
  const tagOffsets = doc.warnings.filter((w) => w.code === 'TAG_RESOLVE_FAILED').map((w) => w.pos[0]);
  const tagOffset = (nodeStart: number) => {
    let best = -1;
    for (const o of tagOffsets) if (o <= nodeStart && o > best) best = o;
    return best >= 0 ? best : nodeStart;
  };
  const ancestors = new Set<Node>();
  const anchors = new Map<string, Node>();
  // Entries are nodes to visit, or `exit` markers that take a collection off the ancestor set.
  const stack: Array<{ node: unknown; exit: boolean }> = [{ node: doc.contents, exit: false }];
  while (stack.length > 0 && findings.length < MAX_YAML_FINDINGS) {
    const { node, exit } = stack.pop()!;
    if (exit) {
      ancestors.delete(node as Node);
      continue;
    }
    if (yaml().isPair(node)) {
      stack.push({ node: node.value, exit: false }, { node: node.key, exit: false });
      continue;
    }
    if (yaml().isAlias(node)) {
      // Not `alias.resolve(doc)`: without a cache it walks the whole document per alias (quadratic).
      const target = anchors.get(node.source);
      if (target !== undefined && ancestors.has(target)) {
        findings.push({
          kind: 'syntax',
          message: `YAML alias *${quote(node.source)} refers to a node that contains it (a cycle).`,
          offset: node.range?.[0] ?? 0,
          end: node.range?.[1] ?? 0,
        });
      }
      continue;
    }
    if (!yaml().isScalar(node) && !yaml().isCollection(node)) continue;
    // Document order (children are pushed in reverse), so this is the latest anchor of that name so far.
    if (node.anchor) anchors.set(node.anchor, node);
    if (node.tag !== undefined && !CORE_TAGS.has(node.tag)) {
      findings.push({
        kind: 'syntax',
        message: `YAML tag ${quote(node.tag)} is not allowed: only core-schema tags are accepted.`,
        offset: tagOffset(node.range?.[0] ?? 0),
      });
    }
    if (yaml().isScalar(node) && typeof node.value === 'number' && !Number.isFinite(node.value)) {
      checkNonFinite(node.range, text, findings);
    }
    if (yaml().isMap(node)) checkKeys(node, findings);
    if (yaml().isCollection(node)) {
      ancestors.add(node);
      stack.push({ node, exit: true });
      for (let i = node.items.length - 1; i >= 0; i--) stack.push({ node: node.items[i], exit: false });
    }
  }
  return findings;
}

/**
 * YAML's `.inf`, `-.inf` and `.nan` have no JSON form, and an MCP Description is a JSON document
 * (§14.1): read as YAML they became numbers JSON cannot write (a `maximum: .inf` passed every check).
 * A number too large for a double (`1e400`) is valid JSON text too, so only the dotted forms count.
 */
function checkNonFinite(
  range: readonly number[] | null | undefined,
  text: string,
  findings: ParserFinding[],
): void {
  const offset = range?.[0] ?? 0;
  const source = range ? text.slice(range[0], range[1]) : '';
  if (!/^[-+]?\./.test(source)) return;
  findings.push({
    kind: 'syntax',
    message: `YAML value ${quote(source)} has no JSON form (JSON has no infinity or NaN); an MCP Description is a JSON document (§14.1).`,
    offset,
    end: range?.[1] ?? offset,
  });
}

/**
 * Keys are compared as the JS object will hold them (`1` and "1" collide, as do `~` and ""), so a
 * duplicate can never overwrite a value unnoticed. Non-scalar keys have no JSON equivalent.
 */
function checkKeys(map: YAMLMap, findings: ParserFinding[]): void {
  const seen = new Set<string>();
  for (const pair of map.items) {
    const key = pair.key;
    const offset = (key as Node | null)?.range?.[0] ?? map.range?.[0] ?? 0;
    // The key itself (the finding is about the name, as a JSON duplicate's); a null key: one character.
    const end = (key as Node | null)?.range?.[1] ?? offset;
    if (key !== null && !yaml().isScalar(key)) {
      findings.push({
        kind: 'syntax',
        message: 'YAML mapping keys must be scalars (JSON object keys are strings).',
        offset,
        end,
      });
      continue;
    }
    // A plain `1`, `true` or `~` key resolves to a number, boolean or null: a document is a JSON data
    // model, whose keys are strings (0.8.0 §15.3.1 rejects them; quote the key to keep it).
    const resolved = key === null ? null : (key as { value?: unknown }).value;
    if (typeof resolved !== 'string') {
      findings.push({
        kind: 'syntax',
        message: `YAML mapping keys must resolve to strings; found ${resolved === null ? 'a null key' : `the ${typeof resolved} ${String(resolved)}`} (quote it to make it a string).`,
        offset,
        end: Math.max(end, offset + 1),
      });
    }
    // A plain `<<` is the merge key of YAML 1.1 (PyYAML, and most YAML readers by default) but an
    // ordinary member name in YAML 1.2: readers disagree on the document, so, as for duplicate keys,
    // no verdict would hold for all of them. Quoted, it is a string in every version.
    if (yaml().isScalar(key) && key.value === '<<' && key.type === 'PLAIN') {
      findings.push({
        kind: 'syntax',
        message:
          'YAML merge key "<<" is not part of YAML 1.2: YAML 1.1 readers merge the mapping, 1.2 readers keep a member named "<<"; write the members out (or quote the key).',
        offset,
        end,
      });
    }
    const name = keyString(key);
    if (seen.has(name)) {
      findings.push({
        kind: 'syntax',
        message: `Duplicate key ${quote(name)}: map keys must be unique.`,
        offset,
        end,
      });
    }
    seen.add(name);
  }
}

function keyString(key: unknown): string {
  if (key === null || (yaml().isScalar(key) && key.value === null)) return '';
  if (yaml().isScalar(key)) return String(key.value);
  return String(key);
}

/**
 * The span of a path in the parsed YAML, as json-scan.ts `Span` defines it for JSON: a map entry from
 * its key to the end of its value, a sequence item or the root its node. yaml's block nodes end after
 * their last line break, so trailing whitespace is left out (a span ends on its last character's line).
 */
/** Maps' pairs by key, built once per map and per call of `locate`. */
type MapIndexes = Map<object, Map<string, unknown>>;

/** A map this large is indexed: one finding per member would otherwise scan the map once each. */
const INDEXED_MAP_SIZE = 8;

/** The pair of `map` whose key is `name` (the last one, as the document's value is). */
function pairNamed(map: { items: Array<{ key: unknown }> }, name: string, indexes: MapIndexes): unknown {
  if (map.items.length <= INDEXED_MAP_SIZE) {
    let found: unknown;
    for (const pair of map.items) if (keyString(pair.key) === name) found = pair;
    return found;
  }
  let index = indexes.get(map);
  if (index === undefined) {
    index = new Map();
    for (const pair of map.items) index.set(keyString(pair.key), pair);
    indexes.set(map, index);
  }
  return index.get(name);
}

function locateYamlPath(
  root: unknown,
  path: ReadonlyArray<string | number>,
  text: string,
  indexes: MapIndexes,
): Span {
  let node = root;
  const range = (root as Node | null)?.range;
  let start = range?.[0] ?? 0;
  let end = range?.[1] ?? start;
  for (const segment of path) {
    if (yaml().isMap(node)) {
      const found = pairNamed(node, String(segment), indexes);
      if (!yaml().isPair(found)) break;
      const key = found.key as Node | null;
      const value = found.value as Node | null;
      start = key?.range?.[0] ?? start;
      end = Math.max(key?.range?.[1] ?? start, value?.range?.[1] ?? start);
      node = found.value;
    } else if (yaml().isSeq(node)) {
      const item = node.items[Number(segment)] as Node | undefined;
      if (item === undefined || typeof segment !== 'number') break;
      start = item.range?.[0] ?? start;
      end = item.range?.[1] ?? start;
      node = item;
    } else {
      break;
    }
  }
  while (end > start && /\s/.test(text.charAt(end - 1))) end--;
  return { start, end };
}
