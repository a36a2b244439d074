// Loads the meta-schema validators generated at build time (scripts/build-meta-validators.ts) and turns
// their Ajv errors into one finding per failing location, phrased as "<keyword> must be <expected>".
// Only these precompiled functions ever run; a document's schema is their input, never compiled.

import { loadCompiled } from '../../compiled-module.js';
import { quote } from '../../quote.js';
import type { Dialect } from './meta-options.js';
import { META_VALIDATOR_FILES } from './meta-options.js';

/** The shape of an Ajv error object, as far as we read it. */
export interface MetaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
  /** Set by Ajv on errors raised while checking a property name (`propertyNames`). */
  propertyName?: string;
}

type MetaValidate = ((data: unknown) => boolean) & { errors?: MetaError[] | null };

/** One failing location inside a schema: a path relative to the schema root, and a message. */
export interface MetaIssue {
  path: Array<string | number>;
  message: string;
}

const compiled = (file: string) => loadCompiled(new URL(file, import.meta.url));
const loaded: Partial<Record<Dialect, MetaValidate>> = {};

/**
 * The generated validator of a dialect's meta-schema, loaded on first use, once per thread: far
 * cheaper than compiling the meta-schema with Ajv at runtime.
 */
export function metaValidator(dialect: Dialect): MetaValidate {
  let validate = loaded[dialect];
  if (!validate) {
    const file = `../compiled/${META_VALIDATOR_FILES[dialect].file}`;
    try {
      validate = (compiled(file) as { validate: MetaValidate }).validate;
    } catch (cause) {
      throw new Error(`meta-schema validator ${file} is missing: run npm run build`, { cause });
    }
    loaded[dialect] = validate;
  }
  return validate;
}

/**
 * Check `schema` against its dialect's meta-schema. Returns null when it is valid, else the issues.
 * A RangeError (a schema nested deeper than the validator's recursion allows) becomes one issue at the
 * root instead of a crash; callers bound depth first, so this is a safety net.
 */
export function checkMetaSchema(dialect: Dialect, schema: unknown): MetaIssue[] | null {
  const validate = metaValidator(dialect);
  let valid: boolean;
  try {
    valid = validate(schema);
  } catch (error) {
    if (error instanceof RangeError) {
      return [{ path: [], message: 'the schema is nested too deeply to check against its meta-schema' }];
    }
    throw error;
  }
  if (valid) return null;
  return issuesFromErrors(schema, validate.errors ?? []);
}

// Keywords whose failure only says "a branch did not match"; the branch errors say why.
const AGGREGATE = new Set(['anyOf', 'oneOf', 'allOf', 'if', 'not', '$dynamicRef', '$ref', '$recursiveRef']);

function decodeInstancePath(instancePath: string): Array<string | number> {
  if (instancePath === '') return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Follow a relative path into a value (own properties only: keys may be `__proto__`). */
function valueAt(root: unknown, path: ReadonlyArray<string | number>): unknown {
  let node = root;
  for (const segment of path) {
    if (node === null || typeof node !== 'object') return undefined;
    const key = String(segment);
    if (!Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A short, bounded rendering of a found value for messages. */
function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object') return 'an object';
  // Cut before quoting: a document may hold a 500 MB string.
  if (typeof value === 'string') return `string ${quote(value, 60)}`;
  return `${typeof value} ${JSON.stringify(value)}`;
}

const TYPE_WORDS: Record<string, string> = {
  object: 'an object',
  boolean: 'a boolean',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  null: 'null',
};

function joinAlternatives(words: string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

function expectationOf(errors: MetaError[]): string {
  const enumError = errors.find((e) => e.keyword === 'enum');
  if (enumError) {
    const allowed = (enumError.params.allowedValues as unknown[] | undefined) ?? [];
    const list = allowed.map((v) => JSON.stringify(v)).join(', ');
    const alsoArray = errors.some((e) => e.keyword === 'type' && e.params.type === 'array');
    return alsoArray ? `one of ${list}, or an array of them` : `one of ${list}`;
  }
  const format = errors.find((e) => e.keyword === 'format');
  if (format) {
    const name = String(format.params.format);
    if (name === 'regex') return 'a valid ECMA-262 regular expression';
    return `a valid ${name} string`;
  }
  const types = new Set<string>();
  for (const e of errors) {
    if (e.keyword !== 'type') continue;
    const t = e.params.type;
    for (const name of Array.isArray(t) ? t : String(t).split(',')) types.add(String(name));
  }
  if (types.size > 0) {
    const words = [...types].map((t) => TYPE_WORDS[t] ?? t);
    return types.has('object') && types.has('boolean')
      ? `a schema (${joinAlternatives(words)})`
      : joinAlternatives(words);
  }
  const first = errors[0];
  if (!first) return 'valid';
  switch (first.keyword) {
    case 'minimum':
      return `at least ${String(first.params.limit)}`;
    case 'exclusiveMinimum':
      return `greater than ${String(first.params.limit)}`;
    case 'minItems':
      return `an array of at least ${String(first.params.limit)} item(s)`;
    case 'uniqueItems':
      return 'an array without duplicate items';
    default:
      return `valid (${first.message ?? first.keyword})`;
  }
}

/**
 * Collapse Ajv's errors to one issue per failing location. Ajv repeats a failure once per dynamic scope
 * (2020-12's `$dynamicRef` chain produced 8 identical "must be object,boolean" for one value in the
 * corpus) and reports both branches of an `anyOf`; a reader needs one line per location, saying what
 * was expected there.
 */
export function issuesFromErrors(schema: unknown, errors: readonly MetaError[]): MetaIssue[] {
  // Group by location; a failing property name is its own location (the key, not the object).
  const groups = new Map<
    string,
    { instancePath: string; propertyName: string | undefined; errors: MetaError[] }
  >();
  for (const error of errors) {
    const name = error.propertyName ?? (error.params.propertyName as string | undefined);
    const key = name === undefined ? error.instancePath : `${error.instancePath}\u0000${name}`;
    const group = groups.get(key);
    if (group) group.errors.push(error);
    else groups.set(key, { instancePath: error.instancePath, propertyName: name, errors: [error] });
  }
  // Every location that has a failing location below it: one set, so each group asks once (comparing
  // each group's path with every other's was quadratic: 40,000 bad subschemas took 44 s).
  const ancestors = new Set<string>();
  for (const { instancePath } of groups.values()) {
    for (let slash = instancePath.indexOf('/'); slash !== -1; slash = instancePath.indexOf('/', slash + 1)) {
      ancestors.add(instancePath.slice(0, slash));
    }
  }
  const issues: MetaIssue[] = [];
  for (const { instancePath, propertyName, errors: list } of groups.values()) {
    const concrete = list.filter((e) => !AGGREGATE.has(e.keyword) && e.keyword !== 'propertyNames');
    if (concrete.length === 0) continue;
    const branched = list.some((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
    // `items: [{"type": "foo"}]` in draft-07 fails the schema branch here and the array branch deeper:
    // the deeper error is the real one.
    if (branched && ancestors.has(instancePath)) continue;
    const path = decodeInstancePath(instancePath);
    const name = path.length === 0 ? 'the schema' : quote(String(path[path.length - 1]));
    if (propertyName !== undefined) {
      issues.push({
        path: [...path, propertyName],
        message: `property name ${quote(propertyName)} in ${name} must be ${expectationOf(concrete)}`,
      });
    } else {
      issues.push({
        path,
        message: `${name} must be ${expectationOf(concrete)}; found ${describeValue(valueAt(schema, path))}`,
      });
    }
  }
  return issues;
}
