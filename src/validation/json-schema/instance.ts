// Evaluates a value against a document-provided JSON Schema, for the example-compatibility rules
// (a Tool example's input against the tool's inputSchema, §9.3). The schema is untrusted data: it is
// interpreted here, never compiled (no generated code), its `pattern`s and `patternProperties` are
// never run (a hostile regex could stall the check), and the work is bounded. Whatever cannot be
// evaluated — those regexes, references outside the schema, dynamic references, `unevaluated*` —
// makes the result incomplete rather than wrong: a value is reported only when it certainly fails.
import type { PathSegment } from '../../types.js';
import type { Dialect } from './meta-options.js';
import { isObject, type JsonObject } from './values.js';

export interface InstanceError {
  /** Where in the value, relative to it. */
  path: PathSegment[];
  message: string;
}

export interface Evaluation {
  errors: InstanceError[];
  /** Why the evaluation could not be complete (a keyword it does not run); null when it was. */
  incomplete: string | null;
}

/** Schema applications per evaluation: real tool schemas need a few hundred. */
const BUDGET = 20_000;
const MAX_DEPTH = 200;
const MAX_ERRORS = 10;

interface State {
  root: JsonObject;
  dialect: Dialect;
  budget: number;
  incomplete: string | null;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function hasType(value: unknown, type: unknown): boolean {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'null':
      return value === null;
    case 'string':
    case 'boolean':
      return typeof value === type;
    default:
      return true;
  }
}

/** JSON equality (object member order ignored), as enum, const and uniqueItems compare. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((v, i) => jsonEqual(v, other[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && jsonEqual((a as JsonObject)[k], (b as JsonObject)[k]));
}

function decodePointer(fragment: string): string[] | null {
  let text = fragment;
  try {
    text = decodeURIComponent(fragment);
  } catch {
    return null;
  }
  if (text === '') return [];
  if (!text.startsWith('/')) return null;
  return text
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function resolveLocal(root: JsonObject, ref: string): unknown {
  const parts = decodePointer(ref.slice(1));
  if (parts === null) return undefined;
  let node: unknown = root;
  for (const part of parts) {
    if (Array.isArray(node) && /^\d+$/.test(part)) node = node[Number(part)];
    else if (isObject(node) && Object.hasOwn(node, part)) node = node[part];
    else return undefined;
  }
  return node;
}

function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

type Collect = InstanceError[] | null;

function fail(errors: Collect, path: PathSegment[], message: string): false {
  if (errors !== null && errors.length < MAX_ERRORS) errors.push({ path, message });
  return false;
}

function incomplete(state: State, why: string): void {
  state.incomplete ??= why;
}

/** Whether `value` is valid against `schema`; with `errors`, the first failures are collected there. */
function validate(
  state: State,
  schema: unknown,
  value: unknown,
  path: PathSegment[],
  errors: Collect,
  depth: number,
): boolean {
  if (schema === true || schema === undefined) return true;
  if (schema === false) return fail(errors, path, 'no value is allowed here');
  if (!isObject(schema)) return true;
  if (--state.budget < 0 || depth > MAX_DEPTH) {
    incomplete(state, 'the schema is too large or deep to evaluate completely');
    return true;
  }
  let ok = true;
  const check = (valid: boolean) => {
    if (!valid) ok = false;
    return errors !== null || ok;
  };
  if (typeof schema.$ref === 'string') {
    const ref = schema.$ref;
    if (ref === '#' || ref.startsWith('#/')) {
      const target = resolveLocal(state.root, ref);
      if (target === undefined) incomplete(state, `"$ref" ${JSON.stringify(ref)} does not resolve`);
      else if (!check(validate(state, target, value, path, errors, depth + 1))) return false;
    } else {
      incomplete(
        state,
        `"$ref" ${JSON.stringify(ref.slice(0, 80))} is not evaluated (only local pointers are)`,
      );
    }
    // draft-07 ignores the other keywords next to $ref.
    if (state.dialect === 'draft-07') return ok;
  }
  if (schema.$dynamicRef !== undefined || schema.$recursiveRef !== undefined) {
    incomplete(state, 'dynamic references are not evaluated');
  }
  if (
    (schema.unevaluatedProperties !== undefined && schema.unevaluatedProperties !== true) ||
    (schema.unevaluatedItems !== undefined && schema.unevaluatedItems !== true)
  ) {
    incomplete(state, '"unevaluatedProperties" and "unevaluatedItems" are not evaluated');
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => hasType(value, t))) {
      return fail(errors, path, `must be ${types.join(' or ')}, found ${jsonType(value)}`);
    }
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((v) => jsonEqual(v, value))) {
    if (
      !check(
        fail(
          errors,
          path,
          `must be one of ${schema.enum
            .map((v) => JSON.stringify(v))
            .join(', ')
            .slice(0, 200)}`,
        ),
      )
    )
      return false;
  }
  if (Object.hasOwn(schema, 'const') && !jsonEqual(schema.const, value)) {
    if (!check(fail(errors, path, `must be ${JSON.stringify(schema.const).slice(0, 100)}`))) return false;
  }
  if (typeof value === 'number' && !numberKeywords(schema, value, path, errors, check)) return false;
  if (typeof value === 'string' && !stringKeywords(state, schema, value, path, errors, check)) return false;
  if (Array.isArray(value) && !arrayKeywords(state, schema, value, path, errors, check, depth)) return false;
  if (isObject(value) && !objectKeywords(state, schema, value, path, errors, check, depth)) return false;
  if (!combinators(state, schema, value, path, errors, check, depth)) return false;
  return ok;
}

type Check = (valid: boolean) => boolean;

function numberKeywords(
  schema: JsonObject,
  value: number,
  path: PathSegment[],
  errors: Collect,
  check: Check,
): boolean {
  const bound = (key: string, ok: (limit: number) => boolean, words: string) => {
    const limit = schema[key];
    if (typeof limit === 'number' && !ok(limit))
      return check(fail(errors, path, `must be ${words} ${limit}`));
    return true;
  };
  if (!bound('minimum', (l) => value >= l, '>=')) return false;
  if (!bound('maximum', (l) => value <= l, '<=')) return false;
  if (!bound('exclusiveMinimum', (l) => value > l, '>')) return false;
  if (!bound('exclusiveMaximum', (l) => value < l, '<')) return false;
  const step = schema.multipleOf;
  if (typeof step === 'number' && step > 0) {
    const q = value / step;
    if (Math.abs(q - Math.round(q)) > 1e-9 * Math.max(1, Math.abs(q))) {
      return check(fail(errors, path, `must be a multiple of ${step}`));
    }
  }
  return true;
}

function stringKeywords(
  state: State,
  schema: JsonObject,
  value: string,
  path: PathSegment[],
  errors: Collect,
  check: Check,
): boolean {
  if (typeof schema.pattern === 'string') incomplete(state, '"pattern" is not evaluated');
  const length =
    typeof schema.minLength === 'number' || typeof schema.maxLength === 'number' ? codePoints(value) : 0;
  if (typeof schema.minLength === 'number' && length < schema.minLength) {
    if (!check(fail(errors, path, `must be at least ${schema.minLength} characters long`))) return false;
  }
  if (typeof schema.maxLength === 'number' && length > schema.maxLength) {
    if (!check(fail(errors, path, `must be at most ${schema.maxLength} characters long`))) return false;
  }
  return true;
}

function arrayKeywords(
  state: State,
  schema: JsonObject,
  value: unknown[],
  path: PathSegment[],
  errors: Collect,
  check: Check,
  depth: number,
): boolean {
  if (typeof schema.minItems === 'number' && value.length < schema.minItems) {
    if (!check(fail(errors, path, `must have at least ${schema.minItems} items`))) return false;
  }
  if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) {
    if (!check(fail(errors, path, `must have at most ${schema.maxItems} items`))) return false;
  }
  // Tuple forms: prefixItems (2020-12) or an items array (draft-07, 2019-09), then the rest.
  let tuple: unknown[] | null = null;
  let rest: unknown = schema.items;
  if (Array.isArray(schema.prefixItems)) tuple = schema.prefixItems;
  else if (Array.isArray(schema.items)) {
    tuple = schema.items;
    rest = schema.additionalItems;
  }
  for (let i = 0; i < value.length; i++) {
    const item = tuple !== null && i < tuple.length ? tuple[i] : rest;
    if (!check(validate(state, item, value[i], [...path, i], errors, depth + 1))) return false;
  }
  if (schema.uniqueItems === true) {
    for (let i = 1; i < value.length; i++) {
      state.budget -= i;
      for (let j = 0; j < i; j++) {
        if (jsonEqual(value[i], value[j])) {
          if (!check(fail(errors, [...path, i], `repeats item ${j}; the items must be unique`))) return false;
          break;
        }
      }
    }
  }
  if (schema.contains !== undefined) {
    const found = value.filter((v) => validate(state, schema.contains, v, path, null, depth + 1)).length;
    const min = typeof schema.minContains === 'number' ? schema.minContains : 1;
    if (found < min) {
      if (
        !check(
          fail(errors, path, `must contain at least ${min} item${min === 1 ? '' : 's'} matching "contains"`),
        )
      )
        return false;
    }
    if (typeof schema.maxContains === 'number' && found > schema.maxContains) {
      if (!check(fail(errors, path, `must contain at most ${schema.maxContains} items matching "contains"`)))
        return false;
    }
  }
  return true;
}

function objectKeywords(
  state: State,
  schema: JsonObject,
  value: JsonObject,
  path: PathSegment[],
  errors: Collect,
  check: Check,
  depth: number,
): boolean {
  const keys = Object.keys(value);
  if (typeof schema.minProperties === 'number' && keys.length < schema.minProperties) {
    if (!check(fail(errors, path, `must have at least ${schema.minProperties} members`))) return false;
  }
  if (typeof schema.maxProperties === 'number' && keys.length > schema.maxProperties) {
    if (!check(fail(errors, path, `must have at most ${schema.maxProperties} members`))) return false;
  }
  if (Array.isArray(schema.required)) {
    for (const name of schema.required) {
      if (typeof name === 'string' && !Object.hasOwn(value, name)) {
        if (!check(fail(errors, path, `is missing required member ${JSON.stringify(name)}`))) return false;
      }
    }
  }
  const properties = isObject(schema.properties) ? schema.properties : {};
  const patterns = isObject(schema.patternProperties) && Object.keys(schema.patternProperties).length > 0;
  if (patterns) incomplete(state, '"patternProperties" is not evaluated');
  for (const key of keys) {
    const child = [...path, key];
    if (Object.hasOwn(properties, key)) {
      if (!check(validate(state, properties[key], value[key], child, errors, depth + 1))) return false;
    } else if (!patterns && schema.additionalProperties !== undefined) {
      if (schema.additionalProperties === false) {
        if (!check(fail(errors, child, 'is not allowed (additionalProperties is false)'))) return false;
      } else if (!check(validate(state, schema.additionalProperties, value[key], child, errors, depth + 1)))
        return false;
    }
    if (
      schema.propertyNames !== undefined &&
      !validate(state, schema.propertyNames, key, child, null, depth + 1)
    ) {
      if (!check(fail(errors, child, 'has a member name that "propertyNames" does not allow'))) return false;
    }
  }
  const dependent = isObject(schema.dependentRequired) ? schema.dependentRequired : {};
  const dependencies = isObject(schema.dependencies) ? schema.dependencies : {};
  for (const [key, required] of [...Object.entries(dependent), ...Object.entries(dependencies)]) {
    if (!Object.hasOwn(value, key)) continue;
    if (Array.isArray(required)) {
      for (const name of required) {
        if (typeof name === 'string' && !Object.hasOwn(value, name)) {
          if (
            !check(fail(errors, path, `has ${JSON.stringify(key)}, so it must have ${JSON.stringify(name)}`))
          )
            return false;
        }
      }
    } else if (!check(validate(state, required, value, path, errors, depth + 1))) return false;
  }
  if (isObject(schema.dependentSchemas)) {
    for (const [key, sub] of Object.entries(schema.dependentSchemas)) {
      if (Object.hasOwn(value, key) && !check(validate(state, sub, value, path, errors, depth + 1)))
        return false;
    }
  }
  return true;
}

function combinators(
  state: State,
  schema: JsonObject,
  value: unknown,
  path: PathSegment[],
  errors: Collect,
  check: Check,
  depth: number,
): boolean {
  if (Array.isArray(schema.allOf)) {
    for (const sub of schema.allOf)
      if (!check(validate(state, sub, value, path, errors, depth + 1))) return false;
  }
  if (
    Array.isArray(schema.anyOf) &&
    !schema.anyOf.some((sub) => validate(state, sub, value, path, null, depth + 1))
  ) {
    if (!check(fail(errors, path, 'matches none of the "anyOf" alternatives'))) return false;
  }
  if (Array.isArray(schema.oneOf)) {
    const matches = schema.oneOf.filter((sub) => validate(state, sub, value, path, null, depth + 1)).length;
    if (matches !== 1) {
      const words = matches === 0 ? 'matches none of' : `matches ${matches} of`;
      if (!check(fail(errors, path, `${words} the "oneOf" alternatives (exactly one must match)`)))
        return false;
    }
  }
  if (schema.not !== undefined && validate(state, schema.not, value, path, null, depth + 1)) {
    if (!check(fail(errors, path, 'matches the schema under "not"'))) return false;
  }
  if (schema.if !== undefined) {
    const branch = validate(state, schema.if, value, path, null, depth + 1) ? schema.then : schema.else;
    if (branch !== undefined && !check(validate(state, branch, value, path, errors, depth + 1))) return false;
  }
  return true;
}

/**
 * Evaluate `value` against `schema` (the root of its `$ref`s) in `dialect`. Errors are certain
 * failures; `incomplete` says what could not be evaluated (a failure there would go unnoticed).
 */
export function evaluateInstance(schema: unknown, value: unknown, dialect: Dialect): Evaluation {
  const state: State = { root: isObject(schema) ? schema : {}, dialect, budget: BUDGET, incomplete: null };
  const errors: InstanceError[] = [];
  validate(state, schema, value, [], errors, 0);
  // Failures inside a branch cut short by the budget are still certain; only passes are in doubt.
  return { errors, incomplete: state.incomplete };
}
