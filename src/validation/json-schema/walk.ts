// Walks a document-provided JSON Schema as data: recursively but never deeper than MAX_SCHEMA_DEPTH
// (so 100k levels of nesting stop at the cap instead of overflowing the call stack), only through
// keywords that hold subschemas (so `enum`,
// `const`, `default`, `examples` and unknown keywords are never mistaken for schemas, and a property
// *named* `$ref` is not a reference), recording every `$ref`/`$dynamicRef`/`$recursiveRef` with the
// schema resource it appears in, and every `$id`/`$anchor` that a reference may target.
// References are then resolved by lookup, never followed, so `$ref` cycles cannot loop.
import { quote } from '../../quote.js';
import {
  isNonEmptyUniqueScalars,
  isNonNegativeInteger,
  isRegex,
  isUniqueStrings,
  isUri,
  keywordValid,
  SIMPLE_TYPES,
  UNCHECKED_META_KEYWORDS,
} from './keywords.js';
import type { Dialect } from './meta-options.js';

/** Schema nesting beyond this is reported once and not checked (real tool schemas stay under ~30). */
export const MAX_SCHEMA_DEPTH = 1000;

export type SchemaPath = Array<string | number>;

export type RefKeyword = '$ref' | '$dynamicRef' | '$recursiveRef';

export interface RefSite {
  /** Where the keyword is, relative to the schema root (ends with the keyword). */
  path: SchemaPath;
  keyword: RefKeyword;
  value: string;
}

export interface UnresolvedRef extends RefSite {
  /** Why it does not resolve, phrased for a message. */
  reason: string;
}

export interface SchemaAnalysis {
  /** True when nesting exceeded MAX_SCHEMA_DEPTH: nothing below was walked. */
  tooDeep: boolean;
  /**
   * True when the walk proved the schema valid against every supported meta-schema, so the generated
   * meta-schema validator need not run. False means "not proven": run it for the verdict.
   */
  fastValid: boolean;
  /** Local references (fragment-only or naming an embedded `$id`) that do not resolve. */
  unresolved: UnresolvedRef[];
  /** References to documents outside this schema: never fetched. */
  external: RefSite[];
  /** Some schema position carries `x-mcp-header` (0.8.0 §9.2): its rule looks further only then. */
  mcpHeader: boolean;
}

/** How a keyword holds subschemas (absent: it holds none, or none we walk). */
const ONE = 1; // the value is one subschema
const MAP = 2; // an object of subschemas
const LIST = 3; // an array of subschemas
const ONE_OR_LIST = 4; // `items`: one subschema, or (draft-07/2019-09) an array of them
// `definitions` and `dependencies` are walked in every dialect: 2020-12 keeps them in its meta-schema
// for compatibility and real schemas still use them. One lookup per keyword, not three Set probes, in
// this hot loop.
const SUBSCHEMA_KEYWORDS = new Map<string, number>([
  ['additionalProperties', ONE],
  ['additionalItems', ONE],
  ['contains', ONE],
  ['propertyNames', ONE],
  ['not', ONE],
  ['if', ONE],
  ['then', ONE],
  ['else', ONE],
  ['unevaluatedItems', ONE],
  ['unevaluatedProperties', ONE],
  ['contentSchema', ONE],
  ['items', ONE_OR_LIST],
  ['properties', MAP],
  ['patternProperties', MAP],
  ['$defs', MAP],
  ['definitions', MAP],
  ['dependentSchemas', MAP],
  ['dependencies', MAP],
  ['allOf', LIST],
  ['anyOf', LIST],
  ['oneOf', LIST],
  ['prefixItems', LIST],
]);

/** The dialect's dynamic reference keyword, besides `$ref` (draft-07 has none). */
const RECURSION_KEYWORD: Readonly<Record<Dialect, RefKeyword | null>> = {
  '2020-12': '$dynamicRef',
  '2019-09': '$recursiveRef',
  'draft-07': null,
};

// A base for schemas without an absolute `$id`, so relative `$id`s and `$ref`s can be compared as URLs.
const PLACEHOLDER_BASE = 'https://schema.mcpdesc.invalid/root.json';

interface Resource {
  /** Absolute URI without fragment. */
  base: string;
  root: unknown;
  /** `$anchor`s and `$dynamicAnchor`s (one namespace for lookups); null until the first one. */
  anchors: Set<string> | null;
}

interface PendingRef {
  path: SchemaPath;
  keyword: RefKeyword;
  value: string;
  resource: Resource;
}

function stripFragment(uri: string): string {
  const hash = uri.indexOf('#');
  return hash === -1 ? uri : uri.slice(0, hash);
}

function resolveUri(ref: string, base: string): string | null {
  try {
    return new URL(ref, base).href;
  } catch {
    return null;
  }
}

/**
 * Walk a schema once and report its reference problems. `dialect` must be the schema's own
 * (`dialectOf`, or the default for an unknown one). The rules that need the walk of the same schema
 * share one through their context's `analyze` (a `SchemaAnalyses`).
 */
export function analyzeSchema(schema: object, dialect: Dialect): SchemaAnalysis {
  return walk(schema, dialect);
}

/**
 * The walks made of tool schemas, by schema, for as long as their owner keeps it (the engine: one
 * element; the fast path: one document): the rules that need the walk of one schema (meta-schema
 * guard, local and external references) share it.
 */
export class SchemaAnalyses {
  private readonly made = new Map<object, SchemaAnalysis>();

  analyze(schema: object, dialect: Dialect): SchemaAnalysis {
    let analysis = this.made.get(schema);
    if (analysis === undefined) {
      analysis = walk(schema, dialect);
      this.made.set(schema, analysis);
    }
    return analysis;
  }

  clear(): void {
    if (this.made.size > 0) this.made.clear();
  }
}

/** The state of one walk. */
interface Walk {
  readonly dialect: Dialect;
  /** By base URI: the root's, and (created at the first one) every embedded `$id`'s. */
  readonly root: Resource;
  embedded: Map<string, Resource> | null;
  readonly refs: PendingRef[];
  /** The keywords and names from the root to the node being visited (copied only for a `$ref`). */
  readonly path: SchemaPath;
  tooDeep: boolean;
  fastValid: boolean;
  mcpHeader: boolean;
}

function walk(schema: object, dialect: Dialect): SchemaAnalysis {
  return inCommonSubset(schema) ? COMMON_ANALYSIS : walkInFull(schema, dialect);
}

/** The full walk, without the common-subset shortcut (tests hold the two together). */
export function walkInFull(schema: object, dialect: Dialect): SchemaAnalysis {
  const rootId = (schema as Record<string, unknown>).$id;
  const rootBase =
    typeof rootId === 'string'
      ? (resolveUri(stripFragment(rootId), PLACEHOLDER_BASE) ?? PLACEHOLDER_BASE)
      : PLACEHOLDER_BASE;
  // Sets and maps are created only when a schema declares anchors or embedded resources: most
  // schemas have neither, and a walk runs for every tool schema of every document.
  const rootResource: Resource = { base: rootBase, root: schema, anchors: null };
  const state: Walk = {
    dialect,
    root: rootResource,
    embedded: null,
    refs: [],
    path: [],
    tooDeep: false,
    fastValid: true,
    mcpHeader: false,
  };
  visit(state, schema, 0, rootResource);
  const { mcpHeader } = state;
  if (state.tooDeep) return { tooDeep: true, fastValid: false, unresolved: [], external: [], mcpHeader };

  const { refs } = state;
  if (refs.length === 0)
    return { tooDeep: false, fastValid: state.fastValid, unresolved: [], external: [], mcpHeader };
  const unresolved: UnresolvedRef[] = [];
  const external: RefSite[] = [];
  for (const ref of refs) {
    const site: RefSite = { path: ref.path, keyword: ref.keyword, value: ref.value };
    let target: Resource | undefined;
    let fragment: string;
    if (ref.value.startsWith('#')) {
      target = ref.resource;
      fragment = ref.value.slice(1);
    } else {
      const absolute = resolveUri(ref.value, ref.resource.base);
      if (absolute === null) {
        unresolved.push({ ...site, reason: 'is not a valid URI reference' });
        continue;
      }
      const hash = absolute.indexOf('#');
      const base = hash === -1 ? absolute : absolute.slice(0, hash);
      target = base === state.root.base ? state.root : state.embedded?.get(base);
      fragment = hash === -1 ? '' : absolute.slice(hash + 1);
      if (!target) {
        external.push(site);
        continue;
      }
    }
    const reason = resolveFragment(target, fragment, ref.keyword);
    if (reason !== null) unresolved.push({ ...site, reason });
  }
  return { tooDeep: false, fastValid: state.fastValid, unresolved, external, mcpHeader };
}

/**
 * Visit one schema position: first the node's own keywords (validity, references, in key order), then
 * its subschemas depth-first in key order. So every reference is recorded in document pre-order, the
 * order the findings are reported in. Recursion is bounded by MAX_SCHEMA_DEPTH (then the walk stops).
 */
function visit(state: Walk, node: unknown, depth: number, inherited: Resource): void {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) {
    // Every position visited is a schema position: only objects and booleans are schemas.
    if (typeof node !== 'boolean') state.fastValid = false;
    return;
  }
  if (depth > MAX_SCHEMA_DEPTH) {
    state.tooDeep = true;
    return;
  }
  const obj = node as Record<string, unknown>;

  // One pass over the node's own keywords. `$id`/`$anchor`/`$dynamicAnchor` are noticed here rather
  // than read by name: named reads on the many shapes JSON.parse makes were a quarter of the walk.
  let id: unknown;
  let anchor: unknown;
  let dynamicAnchor: unknown;
  let ownRefs: Array<{ keyword: RefKeyword; value: string }> | null = null;
  let nested = false;
  for (const key in obj) {
    const value = obj[key];
    if (state.fastValid && !keywordValid(key, value)) state.fastValid = false;
    if (key === 'x-mcp-header') state.mcpHeader = true;
    if (value !== null && typeof value === 'object') {
      nested = true;
      continue;
    }
    if (typeof value !== 'string') continue;
    switch (key) {
      case '$dynamicRef':
      case '$recursiveRef':
      case '$ref':
        // `$dynamicRef`/`$recursiveRef` only in their own dialect: elsewhere each is an unknown keyword,
        // which JSON Schema ignores, so a 2019-09 schema's `$dynamicRef: "#x"` is no missing reference
        // (nor an external one).
        if (key !== '$ref' && key !== RECURSION_KEYWORD[state.dialect]) break;
        if (ownRefs === null) ownRefs = [];
        ownRefs.push({ keyword: key, value });
        break;
      case '$id':
        id = value;
        break;
      case '$anchor':
        anchor = value;
        break;
      case '$dynamicAnchor':
        dynamicAnchor = value;
        break;
    }
  }

  // `$id` starts an embedded resource (or, draft-07 `$id: "#name"`, names an anchor). The root's own
  // `$id` was handled by the caller.
  let resource = inherited;
  if (typeof id === 'string' && depth > 0) {
    if (id.startsWith('#')) {
      if (state.dialect === 'draft-07') addAnchor(resource, id.slice(1));
    } else {
      const base = resolveUri(stripFragment(id), resource.base);
      if (base !== null) {
        resource = { base, root: obj, anchors: null };
        // The first resource with a base wins, the root's included (as a lookup table built in
        // document order would have it).
        if (base !== state.root.base) {
          state.embedded ??= new Map();
          if (!state.embedded.has(base)) state.embedded.set(base, resource);
        }
      }
    }
  }
  // Like the reference keywords, each anchor keyword only in the dialects that define it: `$anchor`
  // since 2019-09, `$dynamicAnchor` in 2020-12. Elsewhere it is an unknown keyword, which names nothing
  // a reference could resolve to (a draft-07 anchor is an `$id: "#name"`, handled above).
  if (typeof anchor === 'string' && state.dialect !== 'draft-07') addAnchor(resource, anchor);
  if (typeof dynamicAnchor === 'string' && state.dialect === '2020-12') addAnchor(resource, dynamicAnchor);
  if (ownRefs !== null) {
    for (const { keyword, value } of ownRefs) {
      state.refs.push({ path: [...state.path, keyword], keyword, value, resource });
    }
  }
  if (!nested) return;
  const path = state.path;
  const below = depth + 1;
  for (const key in obj) {
    const value = obj[key];
    if (value === null || typeof value !== 'object') continue;
    const kind = SUBSCHEMA_KEYWORDS.get(key);
    if (kind === undefined) continue;
    path.push(key);
    if (Array.isArray(value)) {
      if (kind === LIST || kind === ONE_OR_LIST) {
        for (let i = 0; i < value.length && !state.tooDeep; i++) {
          path.push(i);
          visit(state, value[i], below, resource);
          path.pop();
        }
      }
    } else if (kind === MAP) {
      const map = value as Record<string, unknown>;
      for (const name of Object.keys(map)) {
        path.push(name);
        visit(state, map[name], below, resource);
        path.pop();
        if (state.tooDeep) break;
      }
    } else {
      visit(state, value, below, resource);
    }
    path.pop();
    if (state.tooDeep) return;
  }
}

function addAnchor(resource: Resource, name: string): void {
  resource.anchors ??= new Set();
  resource.anchors.add(name);
}

/** Null when `fragment` names something in `resource`, else why not. */
function resolveFragment(resource: Resource, fragment: string, keyword: RefKeyword): string | null {
  if (fragment === '') return null;
  if (!fragment.startsWith('/')) {
    if (resource.anchors?.has(fragment)) return null;
    const kind = keyword === '$dynamicRef' ? '$dynamicAnchor or $anchor' : 'anchor';
    return `names no ${kind} ${quote(fragment)} declared in the schema`;
  }
  let decoded = fragment;
  // Most pointers (`#/$defs/name`) have no escapes: skip the decoding passes for them.
  if (fragment.includes('%')) {
    try {
      decoded = decodeURIComponent(fragment);
    } catch {
      return 'has a malformed percent-encoding in its JSON pointer';
    }
  }
  const escaped = decoded.includes('~');
  let node: unknown = resource.root;
  for (const raw of decoded.slice(1).split('/')) {
    const segment = escaped ? raw.replace(/~1/g, '/').replace(/~0/g, '~') : raw;
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(segment) || Number(segment) >= node.length) {
        return `points to a missing location (no item ${quote(segment)})`;
      }
      node = node[Number(segment)];
    } else if (node !== null && typeof node === 'object' && Object.hasOwn(node, segment)) {
      node = (node as Record<string, unknown>)[segment];
    } else {
      return `points to a missing location (no ${quote(segment)})`;
    }
  }
  if (node === null || (typeof node !== 'object' && typeof node !== 'boolean')) {
    return 'points to a value that is not a schema';
  }
  return null;
}

// --- The common subset ----------------------------------------------------------------------------
// Most tool schemas use a few keywords, local `#/...` references and nothing that starts a resource or
// names an anchor. For those the full walk's answer is known before it is made: every keyword valid in
// every meta-schema, every reference resolved, nothing external, no `x-mcp-header`. One lean pass
// (no path, no resources, one table lookup per key) proves that or gives up; any doubt, and the full
// walk decides. A test holds "in the subset ⇒ the full walk's analysis is COMMON_ANALYSIS".

/** What the full walk says of a schema in the common subset (shared: read, never changed). */
const COMMON_ANALYSIS: SchemaAnalysis = Object.freeze({
  tooDeep: false,
  fastValid: true,
  unresolved: Object.freeze([]) as unknown as UnresolvedRef[],
  external: Object.freeze([]) as unknown as RefSite[],
  mcpHeader: false,
});

/** Deeper than this the full walk decides (real tool schemas stay under ~30). */
const COMMON_MAX_DEPTH = 64;

// How the subset reads a keyword's value (a keyword absent from the table is ignored unless some
// meta-schema constrains it or it is `x-mcp-header`: then the full walk decides).
const C_STRING = 1;
const C_ANY = 2;
const C_ARRAY = 3;
const C_ENUM = 4;
const C_TYPE = 5;
const C_REQUIRED = 6;
const C_NUMBER = 7;
const C_POSITIVE = 8;
const C_COUNT = 9;
const C_BOOLEAN = 10;
const C_PATTERN = 11;
const C_REF = 12;
const C_URI = 13;
const C_SCHEMA_MAP = 14;
const C_PATTERN_MAP = 15;
const C_SCHEMA = 16;
const C_SCHEMA_LIST = 17;

const COMMON_KEYWORDS = new Map<string, number>([
  ...['title', 'description', '$comment', 'format', 'contentMediaType', 'contentEncoding'].map(
    (key) => [key, C_STRING] as const,
  ),
  ['default', C_ANY],
  ['const', C_ANY],
  ['examples', C_ARRAY],
  ['enum', C_ENUM],
  ['type', C_TYPE],
  ['required', C_REQUIRED],
  ...['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'].map((key) => [key, C_NUMBER] as const),
  ['multipleOf', C_POSITIVE],
  ...['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'].map(
    (key) => [key, C_COUNT] as const,
  ),
  ...['uniqueItems', 'readOnly', 'writeOnly', 'deprecated'].map((key) => [key, C_BOOLEAN] as const),
  ['pattern', C_PATTERN],
  ['$ref', C_REF],
  ['$schema', C_URI],
  ...['properties', '$defs', 'definitions', 'dependentSchemas'].map((key) => [key, C_SCHEMA_MAP] as const),
  ['patternProperties', C_PATTERN_MAP],
  // `items` only as one schema: its draft-07/2019-09 array form is not valid in 2020-12.
  ...[
    'additionalProperties',
    'additionalItems',
    'items',
    'contains',
    'propertyNames',
    'not',
    'if',
    'then',
    'else',
    'unevaluatedItems',
    'unevaluatedProperties',
    'contentSchema',
  ].map((key) => [key, C_SCHEMA] as const),
  ...['allOf', 'anyOf', 'oneOf', 'prefixItems'].map((key) => [key, C_SCHEMA_LIST] as const),
]);

/** A `#...` reference the uri-reference format certainly accepts: printable ASCII, no backslash. */
function isPlainFragmentRef(value: string): boolean {
  if (value.charCodeAt(0) !== 0x23) return false;
  for (let i = 1; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x21 || c > 0x7e || c === 0x5c) return false;
  }
  return true;
}

/** Whether `schema` is in the common subset: the full walk would return COMMON_ANALYSIS for it. */
export function inCommonSubset(schema: object): boolean {
  return commonNode(schema, schema, 0);
}

function commonNode(root: object, node: unknown, depth: number): boolean {
  if (typeof node === 'boolean') return true;
  if (node === null || typeof node !== 'object' || Array.isArray(node) || depth > COMMON_MAX_DEPTH)
    return false;
  const obj = node as Record<string, unknown>;
  for (const key in obj) {
    const code = COMMON_KEYWORDS.get(key);
    if (code === undefined) {
      if (UNCHECKED_META_KEYWORDS.has(key) || key === 'x-mcp-header') return false;
      continue;
    }
    if (!commonKeyword(root, code, obj[key], depth)) return false;
  }
  return true;
}

function commonKeyword(root: object, code: number, value: unknown, depth: number): boolean {
  switch (code) {
    case C_STRING:
      return typeof value === 'string';
    case C_ANY:
      return true;
    case C_ARRAY:
      return Array.isArray(value);
    case C_ENUM:
      return isNonEmptyUniqueScalars(value);
    case C_TYPE:
      return typeof value === 'string' ? SIMPLE_TYPES.has(value) : isUniqueStrings(value, SIMPLE_TYPES, 1);
    case C_REQUIRED:
      return isUniqueStrings(value, null, 0);
    case C_NUMBER:
      return typeof value === 'number';
    case C_POSITIVE:
      return typeof value === 'number' && value > 0;
    case C_COUNT:
      return isNonNegativeInteger(value);
    case C_BOOLEAN:
      return typeof value === 'boolean';
    case C_PATTERN:
      return typeof value === 'string' && isRegex(value);
    case C_REF:
      // No `$id` or anchor is in the subset, so a fragment reference resolves in the root, as a pointer.
      return (
        typeof value === 'string' &&
        isPlainFragmentRef(value) &&
        resolveFragment({ base: PLACEHOLDER_BASE, root, anchors: null }, value.slice(1), '$ref') === null
      );
    case C_URI:
      return typeof value === 'string' && isUri(value);
    case C_SCHEMA_MAP:
    case C_PATTERN_MAP: {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
      const map = value as Record<string, unknown>;
      for (const name of Object.keys(map)) {
        if (code === C_PATTERN_MAP && !isRegex(name)) return false;
        if (!commonNode(root, map[name], depth + 1)) return false;
      }
      return true;
    }
    case C_SCHEMA:
      return commonNode(root, value, depth + 1);
    default: {
      if (!Array.isArray(value) || value.length === 0) return false;
      for (const item of value) if (!commonNode(root, item, depth + 1)) return false;
      return true;
    }
  }
}
