// The restricted form-response schema of form-mode elicitation (§12.3): a flat object whose properties
// are MCP elicitation primitives — strings (with length bounds and the email, uri, date and date-time
// formats), numbers and integers (with bounds), booleans, and enumerations — and whose `required` names
// declared properties. MCP 2025-06-18 has only the first form of each (a boolean default, legacy
// `enum`/`enumNames`); MCP 2025-11-25 and 2026-07-28 add defaults for every type, titled single-select
// enums (`oneOf` of `const`/`title`) and multi-select arrays, and allow `$schema` (§12.3).
import type { PathSegment } from '../../types.js';
import { isObject, type JsonObject } from '../json-schema/values.js';
import { describeScope, NO_REVISIONS, only, type Scope } from './revisions.js';

export interface FormProblem {
  /** Relative to the schema. */
  path: PathSegment[];
  message: string;
}

/** The revisions with only the 2025-06-18 vocabulary (legacy revisions have no elicitation: §12.5). */
const BASIC = only('2025-06-18');
const FORMATS = ['email', 'uri', 'date', 'date-time'];
const COMMON = ['type', 'title', 'description'];

type Kind = 'string' | 'enum' | 'titled' | 'number' | 'boolean' | 'multi';

/** Members each kind of property takes, beyond title and description. */
const MEMBERS: Readonly<Record<Kind, readonly string[]>> = {
  string: ['minLength', 'maxLength', 'format', 'default'],
  enum: ['enum', 'enumNames', 'default'],
  titled: ['oneOf', 'default'],
  number: ['minimum', 'maximum', 'default'],
  boolean: ['default'],
  multi: ['items', 'minItems', 'maxItems', 'default'],
};

function kindOf(property: JsonObject): Kind | null {
  switch (property.type) {
    case 'string':
      return Object.hasOwn(property, 'enum')
        ? 'enum'
        : Object.hasOwn(property, 'oneOf')
          ? 'titled'
          : 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return 'multi';
    default:
      return null;
  }
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

/** `[{const, title}]` options of a titled enum; null when malformed. */
function options(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  const consts: string[] = [];
  for (const option of value) {
    if (!isObject(option) || typeof option.const !== 'string' || typeof option.title !== 'string')
      return null;
    if (Object.keys(option).some((k) => k !== 'const' && k !== 'title')) return null;
    consts.push(option.const);
  }
  return consts;
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** The choices of a multi-select's `items`; null when malformed. */
function multiChoices(items: unknown): string[] | null {
  if (!isObject(items)) return null;
  if (
    items.type === 'string' &&
    isStringArray(items.enum) &&
    Object.keys(items).every((k) => k === 'type' || k === 'enum')
  ) {
    return items.enum;
  }
  if (Object.keys(items).length === 1 && Object.hasOwn(items, 'anyOf')) return options(items.anyOf);
  return null;
}

function property(name: string, value: unknown, scope: Scope, out: FormProblem[]): void {
  const at = (...path: PathSegment[]) => ['properties', name, ...path];
  if (!isObject(value)) {
    out.push({ path: at(), message: `property ${JSON.stringify(name)} must be an object` });
    return;
  }
  const kind = kindOf(value);
  if (kind === null) {
    out.push({
      path: at('type'),
      message: `property ${JSON.stringify(name)} must have type string, number, integer, boolean or array (a primitive elicitation schema)`,
    });
    return;
  }
  for (const key of Object.keys(value)) {
    if (!COMMON.includes(key) && !MEMBERS[kind].includes(key)) {
      out.push({
        path: at(key),
        message: `"${key}" is not allowed in a ${kind === 'number' ? value.type : kindLabel(kind)} form property`,
      });
    }
  }
  for (const key of ['title', 'description']) {
    if (Object.hasOwn(value, key) && typeof value[key] !== 'string')
      out.push({ path: at(key), message: `"${key}" must be a string` });
  }
  const basic = scope & BASIC;
  const newer = (what: string, path: PathSegment[]) => {
    if (basic !== NO_REVISIONS)
      out.push({ path, message: `${what} is not in the form vocabulary of ${describeScope(basic)}` });
  };
  const has = (key: string) => Object.hasOwn(value, key);
  const bounds = (low: string, high: string) => {
    const a = value[low];
    const b = value[high];
    if (typeof a === 'number' && typeof b === 'number' && a > b)
      out.push({ path: at(low), message: `"${low}" ${a} exceeds "${high}" ${b}` });
  };
  switch (kind) {
    case 'string':
      for (const key of ['minLength', 'maxLength'])
        if (has(key) && !isCount(value[key]))
          out.push({ path: at(key), message: `"${key}" must be a non-negative integer` });
      if (has('format') && !FORMATS.includes(value.format as string)) {
        out.push({ path: at('format'), message: `"format" must be one of ${FORMATS.join(', ')}` });
      }
      if (has('default') && typeof value.default !== 'string')
        out.push({ path: at('default'), message: '"default" must be a string' });
      if (has('default')) newer('a string default', at('default'));
      bounds('minLength', 'maxLength');
      break;
    case 'enum': {
      if (!isStringArray(value.enum)) {
        out.push({ path: at('enum'), message: '"enum" must be an array of strings' });
        break;
      }
      if (
        has('enumNames') &&
        (!isStringArray(value.enumNames) || value.enumNames.length !== value.enum.length)
      ) {
        out.push({
          path: at('enumNames'),
          message: `"enumNames" must name each of the ${value.enum.length} enum values, in order`,
        });
      }
      if (has('default')) {
        newer('an enum default', at('default'));
        if (!value.enum.includes(value.default as string))
          out.push({ path: at('default'), message: '"default" must be one of the "enum" values' });
      }
      break;
    }
    case 'titled': {
      newer('a titled enum ("oneOf")', at('oneOf'));
      const consts = options(value.oneOf);
      if (consts === null) {
        out.push({ path: at('oneOf'), message: '"oneOf" must list {"const", "title"} options (strings)' });
        break;
      }
      if (has('default') && !consts.includes(value.default as string)) {
        out.push({ path: at('default'), message: '"default" must be one of the options\' "const" values' });
      }
      break;
    }
    case 'number':
      for (const key of ['minimum', 'maximum'])
        if (has(key) && typeof value[key] !== 'number')
          out.push({ path: at(key), message: `"${key}" must be a number` });
      if (has('default') && typeof value.default !== 'number')
        out.push({ path: at('default'), message: '"default" must be a number' });
      if (has('default')) newer('a number default', at('default'));
      bounds('minimum', 'maximum');
      break;
    case 'boolean':
      if (has('default') && typeof value.default !== 'boolean')
        out.push({ path: at('default'), message: '"default" must be a boolean' });
      break;
    case 'multi': {
      newer('a multi-select (array) property', at('type'));
      for (const key of ['minItems', 'maxItems'])
        if (has(key) && !isCount(value[key]))
          out.push({ path: at(key), message: `"${key}" must be a non-negative integer` });
      bounds('minItems', 'maxItems');
      const choices = multiChoices(value.items);
      if (choices === null) {
        out.push({
          path: at('items'),
          message: '"items" must be {"type": "string", "enum": [...]} or {"anyOf": [{"const", "title"}...]}',
        });
        break;
      }
      if (
        has('default') &&
        (!isStringArray(value.default) || value.default.some((v) => !choices.includes(v)))
      ) {
        out.push({ path: at('default'), message: '"default" must be an array of the item choices' });
      }
      break;
    }
  }
}

function kindLabel(kind: Kind): string {
  return {
    string: 'string',
    enum: 'enum',
    titled: 'titled enum',
    number: 'number',
    boolean: 'boolean',
    multi: 'multi-select',
  }[kind];
}

/** The problems of a form-response schema for the revisions in `scope` (an empty list: none). */
export function formSchemaProblems(schema: unknown, scope: Scope): FormProblem[] {
  const out: FormProblem[] = [];
  if (!isObject(schema)) {
    out.push({ path: [], message: 'a form schema must be an object' });
    return out;
  }
  for (const key of Object.keys(schema)) {
    if (!['type', 'properties', 'required', '$schema'].includes(key)) {
      out.push({
        path: [key],
        message: `"${key}" is not allowed in a form schema (type, properties, required and $schema are)`,
      });
    }
  }
  if (schema.type !== 'object')
    out.push({ path: ['type'], message: 'a form schema must have "type": "object"' });
  if (Object.hasOwn(schema, '$schema') && (scope & BASIC) !== NO_REVISIONS) {
    out.push({
      path: ['$schema'],
      message: `"$schema" is not in the form vocabulary of ${describeScope(scope & BASIC)}`,
    });
  }
  const properties = schema.properties;
  if (!isObject(properties)) {
    out.push({
      path: ['properties'],
      message: 'a form schema must have "properties", an object of property schemas',
    });
    return out;
  }
  for (const name of Object.keys(properties)) property(name, properties[name], scope, out);
  const required = schema.required;
  if (Object.hasOwn(schema, 'required')) {
    if (!isStringArray(required))
      out.push({ path: ['required'], message: '"required" must be an array of property names' });
    else {
      required.forEach((name, i) => {
        if (!Object.hasOwn(properties, name))
          out.push({
            path: ['required', i],
            message: `"required" names ${JSON.stringify(name)}, which "properties" does not declare`,
          });
        else if (required.indexOf(name) !== i)
          out.push({ path: ['required', i], message: `"required" names ${JSON.stringify(name)} twice` });
      });
    }
  }
  return out;
}
