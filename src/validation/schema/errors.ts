// The one adapter from Ajv errors to rule findings. Messages name the offending property and what
// was expected there; pointers are document-absolute (the rule gives the base path of the value it
// validated, Ajv gives the path inside it).
import { quote } from '../../quote.js';
import type { PathSegment } from '../../types.js';
import type { AjvError } from './validators.js';

export type Report = (path: readonly PathSegment[], message: string) => void;

/** For array values: names element `index` in messages (`Security scheme 2`, `Icon 0 of tool "t"`). */
export type ItemSubject = (index: number) => string;

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * A number literal beyond double precision (`1e400`) parses to ±Infinity, and YAML's `.nan` to NaN:
 * JSON has no such value, so no type admits them; say so rather than "found number".
 */
function foundType(value: unknown): string {
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN, which JSON cannot represent';
  if (typeof value === 'number' && !Number.isFinite(value))
    return 'a number beyond the double-precision range';
  return jsonType(value);
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** `a string`, `an object or a null`: the `type` keyword's value, worded. */
function typeList(type: unknown): string {
  const types = Array.isArray(type) ? type.map(String) : [String(type)];
  return types.map(article).join(' or ');
}

function isIndex(text: string): boolean {
  if (text.length === 0 || text.length > 15 || (text.length > 1 && text.charCodeAt(0) === 48)) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * Append the segments of Ajv's `instancePath` (a JSON pointer relative to the validated value) to
 * `path`: reporting builds one array per finding, the base followed by these, instead of a relative
 * array and then a copy.
 */
function appendSegments(path: PathSegment[], instancePath: string): void {
  if (instancePath === '') return;
  let from = 1;
  for (;;) {
    const slash = instancePath.indexOf('/', from);
    const part = slash === -1 ? instancePath.slice(from) : instancePath.slice(from, slash);
    const raw = part.includes('~') ? part.replace(/~1/g, '/').replace(/~0/g, '~') : part;
    path.push(isIndex(raw) ? Number(raw) : raw);
    if (slash === -1) return;
    from = slash + 1;
  }
}

/**
 * `; allowed: a, b, c` for a closed object's schema, worded once per schema (our fragments' objects,
 * so the map cannot grow with the documents): the real corpus' 24k unknown tool properties share one.
 */
const allowedLists = new WeakMap<object, string>();

function allowedList(parentSchema: Record<string, unknown> | undefined): string {
  if (parentSchema === undefined) return '';
  let list = allowedLists.get(parentSchema);
  if (list === undefined) {
    const keys = Object.keys((parentSchema.properties as object | undefined) ?? {});
    // 0.8.0 objects that take specification extensions (§14.2) say so.
    const patterns = parentSchema.patternProperties as Record<string, unknown> | undefined;
    const extensions = patterns !== undefined && Object.hasOwn(patterns, '^x-') ? ', or an x- extension' : '';
    list = keys.length > 0 ? `; allowed: ${keys.join(', ')}${extensions}` : '';
    allowedLists.set(parentSchema, list);
  }
  return list;
}

/** ` has unknown property "x"; allowed: ...` */
function unknownProperty(property: string, parentSchema: Record<string, unknown> | undefined): string {
  return ` has unknown property ${quote(property)}${allowedList(parentSchema)}`;
}

/** `annotations.readOnlyHint`, `arguments[2].name`: `path` from `from` on (the part inside the value). */
function dotted(path: readonly PathSegment[], from: number): string {
  let out = '';
  for (let i = from; i < path.length; i++) {
    const s = path[i]!;
    out += typeof s === 'number' ? `[${s}]` : out === '' ? s : `.${s}`;
  }
  return out;
}

/** The subject of a message: the validated value itself, or a property inside it (`path` from `from`). */
function where(subject: string, path: readonly PathSegment[], from: number): string {
  return path.length === from ? subject : `${subject}: ${quote(dotted(path, from))}`;
}

/**
 * The message of one Ajv error. `path` holds the validated value's location (its first `from`
 * segments) followed by the error's instancePath segments; the location of the finding is completed
 * in place (the unknown property, the repeated item).
 */
function describeInto(
  error: AjvError,
  subject: string,
  item: ItemSubject | undefined,
  path: PathSegment[],
  from: number,
): string {
  const first = path[from];
  const here =
    item !== undefined && typeof first === 'number'
      ? where(item(first), path, from + 1)
      : where(subject, path, from);
  const params = error.params;
  switch (error.keyword) {
    case 'additionalProperties': {
      const property = String(params.additionalProperty);
      path.push(property);
      return here + unknownProperty(property, error.parentSchema);
    }
    case 'required':
      return `${here} is missing required property ${quote(params.missingProperty)}`;
    case 'type':
      return `${here} must be ${typeList(params.type)}, found ${foundType(error.data)}`;
    case 'enum': {
      const values = (params.allowedValues as unknown[]).map((v) => quote(v)).join(', ');
      return `${here} must be one of ${values}, found ${quote(error.data)}`;
    }
    case 'const':
      return `${here} must be ${quote(params.allowedValue)}, found ${quote(error.data)}`;
    case 'format':
      return `${here} must be a valid ${params.format}, found ${quote(error.data)}`;
    case 'minLength':
      return params.limit === 1
        ? `${here} must not be empty`
        : `${here} must be at least ${params.limit} characters long`;
    case 'minItems':
      return `${here} must have at least ${params.limit} item${params.limit === 1 ? '' : 's'}`;
    case 'minProperties':
      return `${here} must have at least ${params.limit} member${params.limit === 1 ? '' : 's'}`;
    case 'maxProperties':
      return params.limit === 0
        ? `${here} must be empty`
        : `${here} must have at most ${params.limit} members`;
    case 'propertyNames': {
      const name = String(params.propertyName);
      path.push(name);
      const names = error.parentSchema?.propertyNames as { pattern?: string; $comment?: string } | undefined;
      const expected = names?.$comment ?? `a name matching ${names?.pattern ?? 'the allowed names'}`;
      return `${here} has a member named ${quote(name)}; expected ${expected}`;
    }
    case 'false schema':
      return `${here} is not allowed here`;
    case 'discriminator': {
      const tag = String(params.tag);
      path.push(tag);
      return `${here} has ${tag} ${quote(params.tagValue)}; allowed: ${discriminatorValues(error.parentSchema, tag)}`;
    }
    case 'uniqueItems':
      path.push(Number(params.i));
      return `${here} has duplicate items (${params.j} and ${params.i})`;
    default:
      return `${here} ${error.message ?? `fails ${error.keyword}`}`;
  }
}

/**
 * Errors that repeat what another error of the same value says: an `if` error comes with the errors of
 * the branch it chose, a property name's pattern error with its `propertyNames` error, and a
 * discriminator without a usable tag with the `required`/`type` error about the tag.
 */
export function isEcho(error: AjvError): boolean {
  if (error.keyword === 'if') return true;
  if (error.propertyName !== undefined) return true;
  return error.keyword === 'discriminator' && error.params.error === 'tag';
}

/** The values a discriminated `oneOf` accepts for its tag (`"text", "image", "audio"`). */
function discriminatorValues(parentSchema: Record<string, unknown> | undefined, tag: string): string {
  const values: unknown[] = [];
  for (const branch of (parentSchema?.oneOf as Array<Record<string, unknown>> | undefined) ?? []) {
    const property = (branch.properties as Record<string, Record<string, unknown>> | undefined)?.[tag];
    if (property === undefined) continue;
    if (Object.hasOwn(property, 'const')) values.push(property.const);
    else if (Array.isArray(property.enum)) values.push(...property.enum);
  }
  return values.map((v) => quote(v)).join(', ');
}

/** One finding for one Ajv error, located relative to the validated value. */
export function describeError(
  error: AjvError,
  subject: string,
  item?: ItemSubject,
): { at: PathSegment[]; message: string } {
  const at: PathSegment[] = [];
  appendSegments(at, error.instancePath);
  const message = describeInto(error, subject, item, at, 0);
  return { at, message };
}

/**
 * `base` followed by `segment`, as one array of exactly that length. A copy of `base` grown by a push
 * got a backing store for 19 segments, and each diagnostic keeps its path.
 */
function extended(base: readonly PathSegment[], segment: PathSegment): PathSegment[] {
  switch (base.length) {
    case 1:
      return [base[0]!, segment];
    case 2:
      return [base[0]!, base[1]!, segment];
    default: {
      const path = base.slice();
      path.push(segment);
      return path;
    }
  }
}

/** Report every error of one validated value located at `base`. */
export function reportErrors(
  report: Report,
  errors: ReadonlyArray<AjvError>,
  base: readonly PathSegment[],
  subject: string,
  item?: ItemSubject,
): void {
  const from = base.length;
  for (let e = 0; e < errors.length; e++) {
    const error = errors[e]!;
    if (isEcho(error)) continue;
    if (error.instancePath === '' && error.keyword === 'additionalProperties') {
      // The dominant finding (the real corpus' 24k unknown tool properties), built directly: what
      // describeInto would say for it (the subject, then the unknown property), with no segments to
      // append and no subject to look for.
      const property = String(error.params.additionalProperty);
      report(extended(base, property), subject + unknownProperty(property, error.parentSchema));
      continue;
    }
    // One fresh array per finding (the engine keeps it as the diagnostic's path).
    const path = base.slice();
    appendSegments(path, error.instancePath);
    const message = describeInto(error, subject, item, path, from);
    report(path, message);
  }
}

/**
 * All errors of one value as a single sentence (one diagnostic per transport, never a flood), and
 * where to point it: the deepest location that holds every one of them, relative to the value. A
 * transport whose only problem is `args[1]` is reported at `args/1`, one with problems in two
 * members at the transport itself.
 */
export function summarizeErrors(
  errors: ReadonlyArray<AjvError>,
  subject: string,
): { at: PathSegment[]; message: string } {
  const parts: string[] = [];
  let common: PathSegment[] | null = null;
  for (const error of errors) {
    if (isEcho(error)) continue;
    // Described without a subject ("has unknown property ...", '"args" must be ...'); an allowed-list
    // goes in parentheses so that "; " separates problems only.
    const { at, message } = describeError(error, '');
    if (common === null) common = at;
    else {
      let n = 0;
      while (n < common.length && n < at.length && common[n] === at[n]) n++;
      common.length = n;
    }
    parts.push(
      message
        .replace(/^: /, '')
        .replace(/^ /, '')
        .replace(/; allowed: (.*)$/, ' (allowed: $1)'),
    );
  }
  return { at: common ?? [], message: `${subject} is invalid: ${parts.join('; ')}` };
}
