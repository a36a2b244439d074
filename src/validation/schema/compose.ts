// Composes rule screens (schemas over the whole document) into one schema that holds exactly when all
// of them hold: their `allOf`, with what can be merged merged, so that the generated validator visits
// each member and each element once instead of once per rule (ten rules look at every tool).
//
// Merging `a` and `b` keeps the meaning of `allOf: [a, b]`. Keywords that judge a value on their own
// (`type`, `required`, `enum`, `minItems`...) sit side by side; `properties` merge name by name and
// `items` schema by schema. Keywords that depend on their siblings travel as a group (`properties` with
// `additionalProperties`/`patternProperties`, `if` with `then`/`else`...): a group merges only when
// that leaves its meaning alone (a closed object may gain schemas for the names it already lists, not
// new names), and otherwise goes into `allOf` whole. A subschema with an `$id` or a `$ref` is never
// merged into: its references are relative to it.
import type { SchemaFragment } from './fragment.js';

type Schema = Readonly<Record<string, unknown>>;

/** Keywords that must stay together: what one of them means depends on the others. */
const GROUPS: ReadonlyArray<readonly string[]> = [
  ['properties', 'additionalProperties', 'patternProperties', 'unevaluatedProperties'],
  ['items', 'additionalItems', 'prefixItems', 'unevaluatedItems'],
  ['contains', 'minContains', 'maxContains'],
  ['if', 'then', 'else'],
];
const GROUP_OF: ReadonlyMap<string, readonly string[]> = new Map(
  GROUPS.flatMap((group) => group.map((keyword) => [keyword, group] as const)),
);
const CLOSING = ['additionalProperties', 'patternProperties', 'unevaluatedProperties'];

function isSchemaObject(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The keywords of `group` that `schema` has, as a schema of their own (null: none). */
function part(schema: Schema, group: readonly string[]): Record<string, unknown> | null {
  let out: Record<string, unknown> | null = null;
  for (const keyword of group) {
    if (!Object.hasOwn(schema, keyword)) continue;
    out ??= {};
    out[keyword] = schema[keyword];
  }
  return out;
}

function only(schema: Schema, keyword: string): boolean {
  const keys = Object.keys(schema);
  return keys.length === 1 && keys[0] === keyword;
}

/** `properties` of `a` and `b`, name by name (both must be objects of schemas). */
function mergeProperties(a: Schema, b: Schema): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const name of Object.keys(b)) {
    out[name] = Object.hasOwn(out, name) ? merge(out[name] as Schema, b[name] as Schema) : b[name];
  }
  return out;
}

/**
 * The properties groups of `a` and `b` merged, or null when that would change what they mean: at most
 * one side may close the object, and then the other may only name properties it already lists.
 */
function mergePropertiesGroup(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
): Record<string, unknown> | null {
  const closedA = CLOSING.some((k) => Object.hasOwn(a, k));
  const closedB = CLOSING.some((k) => Object.hasOwn(b, k));
  if (closedA && closedB) return null;
  const pa = (a.properties ?? {}) as Schema;
  const pb = (b.properties ?? {}) as Schema;
  if (!isSchemaObject(pa) || !isSchemaObject(pb)) return null;
  if (closedA && !Object.keys(pb).every((name) => Object.hasOwn(pa, name))) return null;
  if (closedB && !Object.keys(pa).every((name) => Object.hasOwn(pb, name))) return null;
  return { ...a, ...b, properties: mergeProperties(pa, pb) };
}

/** Merge one group of `b` into `out` (which holds `a`'s), or push it to `rest` for `allOf`. */
function mergeGroup(
  out: Record<string, unknown>,
  group: readonly string[],
  theirs: Record<string, unknown>,
  rest: Schema[],
): void {
  const ours = part(out, group);
  if (ours === null) {
    Object.assign(out, theirs);
    return;
  }
  if (equal(ours, theirs)) return;
  let merged: Record<string, unknown> | null = null;
  if (group[0] === 'properties') merged = mergePropertiesGroup(ours, theirs);
  else if (group[0] === 'items' && only(ours, 'items') && only(theirs, 'items')) {
    if (isSchemaObject(ours.items) && isSchemaObject(theirs.items))
      merged = { items: merge(ours.items, theirs.items) };
  }
  if (merged === null) rest.push(theirs);
  else Object.assign(out, merged);
}

/** A schema that holds exactly when `a` and `b` both hold. */
export function merge(a: Schema, b: Schema): Schema {
  if (Object.keys(a).length === 0) return b;
  if (Object.keys(b).length === 0 || equal(a, b)) return a;
  // References inside a resource are relative to it; a `$ref` beside other keywords is best left alone.
  if (['$id', '$ref'].some((k) => Object.hasOwn(a, k) || Object.hasOwn(b, k))) return { allOf: [a, b] };
  const out: Record<string, unknown> = { ...a };
  const rest: Schema[] = [];
  const done = new Set<readonly string[]>();
  for (const keyword of Object.keys(b)) {
    const group = GROUP_OF.get(keyword);
    if (group !== undefined) {
      if (!done.has(group)) mergeGroup(out, group, part(b, group)!, rest);
      done.add(group);
      continue;
    }
    const value = b[keyword];
    if (!Object.hasOwn(out, keyword)) out[keyword] = value;
    else if (keyword === 'required')
      out.required = [...new Set([...(out.required as string[]), ...(value as string[])])];
    else if (keyword === 'allOf') out.allOf = [...(out.allOf as Schema[]), ...(value as Schema[])];
    else if (!equal(out[keyword], value)) rest.push({ [keyword]: value });
  }
  if (rest.length > 0) out.allOf = [...((out.allOf as Schema[] | undefined) ?? []), ...rest];
  return out;
}

/** The screens of several rules as one schema. */
export function composeSchemas(schemas: readonly SchemaFragment[]): SchemaFragment {
  let out: Schema = {};
  for (const schema of schemas) out = merge(out, schema);
  return out;
}

/** Keywords whose values are data, not schemas: an `$id` in them names nothing. */
const DATA_KEYWORDS: ReadonlySet<string> = new Set(['enum', 'const', 'default', 'examples']);

/**
 * `schema` with every subschema that has an `$id` (a fragment that refers to itself) replaced by a
 * reference to it, the subschema added to `resources` by its id: a composed schema may place one
 * fragment in several places, and a validator's schemas may hold one `$id` only once.
 */
export function hoistResources(
  schema: SchemaFragment,
  resources: Map<string, SchemaFragment>,
): SchemaFragment {
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (!isSchemaObject(value)) return value;
    const id = value.$id;
    if (typeof id === 'string') {
      const known = resources.get(id);
      if (known !== undefined && !equal(known, value))
        throw new Error(`two different schemas have $id ${id}`);
      resources.set(id, value);
      return { $ref: id };
    }
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) out[key] = DATA_KEYWORDS.has(key) ? value[key] : visit(value[key]);
    return out;
  };
  return visit(schema) as SchemaFragment;
}

/** Keywords whose value is an object of subschemas, by name. */
const MAP_KEYWORDS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependentSchemas',
]);
/** Keywords whose value is a subschema, or an array of them. */
const SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'items',
  'additionalItems',
  'prefixItems',
  'contains',
  'additionalProperties',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'not',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
]);

/** `schema` rebuilt with `map` applied to each of its subschemas (in schema positions only). */
function mapSubschemas(
  schema: Schema,
  map: (subschema: Schema, keyword: string, parent: Schema) => Schema,
): Schema {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(schema)) {
    const value = schema[key];
    const each = (item: unknown) => (isSchemaObject(item) ? map(item, key, schema) : item);
    if (MAP_KEYWORDS.has(key) && isSchemaObject(value)) {
      out[key] = Object.fromEntries(Object.keys(value).map((name) => [name, each(value[name])]));
    } else if (SCHEMA_KEYWORDS.has(key)) {
      out[key] = Array.isArray(value) ? value.map(each) : each(value);
    } else out[key] = value;
  }
  return out;
}

/** A subschema that appears more than once is shared from this size on (as JSON). */
const SHARED_MIN_LENGTH = 200;
/**
 * No part of a schema keeps more than this inline (as JSON): a larger subschema becomes a part of its
 * own. Generated code is ~13 times its schema, and V8's optimizing compiler is slow on huge functions
 * (one 8 KB document screen compiled to one function took 0.2–0.4 s of every process's CPU).
 */
const PART_MAX_LENGTH = 400;

/**
 * `schema` cut into parts for code generation: each large subschema, and each that appears more than
 * once (the icon list under five owners, an OAuth flow under four flows), is moved to `definitions`
 * and referred to, smallest first, so the generated code holds every part once, as a function of
 * bounded size. Verdicts are unchanged.
 */
export function factor(
  schema: SchemaFragment,
  /** Subschemas under `keyword` of `parent` that stay in place (their own subschemas may still move). */
  inPlace: (parent: Schema, keyword: string) => boolean = () => false,
): SchemaFragment {
  if (Object.hasOwn(schema, 'definitions')) throw new Error('a screen schema has its own definitions');
  const counts = new Map<string, number>();
  const count = (sub: Schema): Schema => {
    const json = JSON.stringify(sub);
    counts.set(json, (counts.get(json) ?? 0) + 1);
    return mapSubschemas(sub, count);
  };
  mapSubschemas(schema, count);
  const definitions: Record<string, Schema> = {};
  const names = new Map<string, string>();
  const visit = (sub: Schema, keyword: string, parent: Schema): Schema => {
    const mapped = mapSubschemas(sub, visit);
    if (inPlace(parent, keyword)) return mapped;
    const original = JSON.stringify(sub);
    const json = JSON.stringify(mapped);
    const shared = (counts.get(original) ?? 0) > 1 && original.length >= SHARED_MIN_LENGTH;
    if (Object.hasOwn(mapped, '$ref') || (!shared && json.length <= PART_MAX_LENGTH)) return mapped;
    let name = names.get(json);
    if (name === undefined) {
      name = `part${names.size}`;
      names.set(json, name);
      definitions[name] = mapped;
    }
    return { $ref: `#/definitions/${name}` };
  };
  const root = mapSubschemas(schema, visit);
  return names.size === 0 ? root : { ...root, definitions };
}
