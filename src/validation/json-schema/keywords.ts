// The keywords of a document-provided schema whose values the walk checks itself, exactly as the
// supported meta-schemas do (the strictest reading where dialects differ).
import { createRequire } from 'node:module';

// Fast meta-schema pre-check -------------------------------------------------------------------
// The generated 2020-12 validator is slow on real tool schemas (its `$dynamicRef` chain runs seven
// vocabulary validators per subschema), more than all other rules together. Most schemas use a handful
// of keywords, so while walking we check those keywords exactly as the three meta-schemas do (the
// strictest reading where dialects differ). A schema that passes is valid in every dialect; anything
// else, including any keyword we do not check here, falls back to the generated validator for the
// verdict and the messages. A differential test holds "fast-valid ⇒ validator-valid".

interface FormatCheck {
  test?(value: string): boolean;
  (value: string): boolean;
}
// The very format functions the generated validators call (ajv-formats "fast" mode).
const fastFormats = (
  createRequire(import.meta.url)('ajv-formats/dist/formats') as {
    fastFormats: Record<string, RegExp | FormatCheck>;
  }
).fastFormats;
function formatCheck(name: string): (value: string) => boolean {
  const format = fastFormats[name];
  if (format instanceof RegExp) return (value) => format.test(value);
  if (typeof format === 'function') return format;
  throw new Error(`ajv-formats has no fast format ${name}`);
}
export const isRegex = formatCheck('regex');
const isUriReference = formatCheck('uri-reference');
export const isUri = formatCheck('uri');

export const SIMPLE_TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);

/** Keywords some supported meta-schema constrains but the fast check does not: always fall back. */
export const UNCHECKED_META_KEYWORDS = new Set([
  '$id',
  '$anchor',
  '$dynamicAnchor',
  '$dynamicRef',
  '$recursiveAnchor',
  '$recursiveRef',
  '$vocabulary',
  'dependencies',
  'dependentRequired',
  'maxContains',
  'minContains',
]);

function isSchemaValue(value: unknown): boolean {
  return typeof value === 'boolean' || (value !== null && typeof value === 'object' && !Array.isArray(value));
}

export function isNonNegativeInteger(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

export function isUniqueStrings(
  value: unknown,
  allowed: ReadonlySet<string> | null,
  minItems: number,
): boolean {
  if (!Array.isArray(value) || value.length < minItems) return false;
  // `required` and `type` lists are short: comparing pairs is cheaper than building a Set for them.
  if (value.length <= 8) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item !== 'string' || (allowed !== null && !allowed.has(item))) return false;
      for (let j = 0; j < i; j++) if (value[j] === item) return false;
    }
    return true;
  }
  const seen = new Set<string>();
  for (const item of value) {
    if (typeof item !== 'string' || (allowed !== null && !allowed.has(item)) || seen.has(item)) return false;
    seen.add(item);
  }
  return true;
}

/**
 * draft-07 wants `enum` non-empty with unique items (2019-09 and 2020-12 accept any array). Unique by
 * JSON equality; items that are objects or arrays are left to the validator's deep comparison.
 */
export function isNonEmptyUniqueScalars(value: unknown): boolean {
  if (!Array.isArray(value) || value.length === 0) return false;
  if (value.length <= 8) {
    // Short enums (most of them) compared pairwise, as in isUniqueStrings: no Set per enum. `===`
    // agrees with the Set's SameValueZero on JSON values (0 and -0 alike; JSON has no NaN).
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item !== null && typeof item === 'object') return false;
      for (let j = 0; j < i; j++) if (value[j] === item) return false;
    }
    return true;
  }
  const seen = new Set<unknown>();
  for (const item of value) {
    if (item !== null && typeof item === 'object') return false;
    if (seen.has(item)) return false;
    seen.add(item);
  }
  return true;
}

/** Whether one keyword's value is certainly valid in every supported meta-schema. */
export function keywordValid(key: string, value: unknown): boolean {
  switch (key) {
    case 'title':
    case 'description':
    case '$comment':
    case 'format':
    case 'contentMediaType':
    case 'contentEncoding':
      return typeof value === 'string';
    case 'default':
    case 'const':
      return true;
    case 'examples':
      return Array.isArray(value);
    case 'enum':
      return isNonEmptyUniqueScalars(value);
    case 'type':
      return typeof value === 'string' ? SIMPLE_TYPES.has(value) : isUniqueStrings(value, SIMPLE_TYPES, 1);
    case 'required':
      return isUniqueStrings(value, null, 0);
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return typeof value === 'number';
    case 'multipleOf':
      return typeof value === 'number' && value > 0;
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
    case 'minProperties':
    case 'maxProperties':
      return isNonNegativeInteger(value);
    case 'uniqueItems':
    case 'readOnly':
    case 'writeOnly':
    case 'deprecated':
      return typeof value === 'boolean';
    case 'pattern':
      return typeof value === 'string' && isRegex(value);
    case '$ref':
      return typeof value === 'string' && isUriReference(value);
    case '$schema':
      return typeof value === 'string' && isUri(value);
    case 'properties':
    case '$defs':
    case 'definitions':
    case 'dependentSchemas':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'patternProperties':
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
      for (const pattern of Object.keys(value)) if (!isRegex(pattern)) return false;
      return true;
    case 'additionalProperties':
    case 'additionalItems':
    case 'items':
    case 'contains':
    case 'propertyNames':
    case 'not':
    case 'if':
    case 'then':
    case 'else':
    case 'unevaluatedItems':
    case 'unevaluatedProperties':
    case 'contentSchema':
      return isSchemaValue(value);
    case 'allOf':
    case 'anyOf':
    case 'oneOf':
    case 'prefixItems':
      return Array.isArray(value) && value.length > 0;
    default:
      return !UNCHECKED_META_KEYWORDS.has(key);
  }
}
