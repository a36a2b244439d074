// The one adapter from Ajv errors to rule findings. Messages name the offending property and what
// was expected there; pointers are document-absolute (the rule gives the base path of the value it
// validated, Ajv gives the path inside it).
import { quote as quoteValue } from '../../quote.js';
import type { PathSegment } from '../../types.js';
import type { AjvError } from './validators.js';

export type Report = (path: readonly PathSegment[], message: string) => void;

/** For array values: names element `index` in messages (`Security scheme 2`, `Icon 0 of tool "t"`). */
export type ItemSubject = (index: number) => string;

/** Values quoted in messages are cut here: untrusted strings can be megabytes long. */
const MAX_QUOTED = 60;

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

export function quote(value: unknown): string {
  return quoteValue(value, MAX_QUOTED);
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** `a string`, `an object or a null`: per distinct `type` keyword value, worded once. */
const typeLists = new Map<string, string>();

function typeList(type: unknown): string {
  const key = Array.isArray(type) ? type.join('|') : String(type);
  let list = typeLists.get(key);
  if (list === undefined) {
    const types = Array.isArray(type) ? type.map(String) : [String(type)];
    list = types.map(article).join(' or ');
    // Our own fragments' types only (a handful): the cache cannot grow with the documents.
    typeLists.set(key, list);
  }
  return list;
}

function isIndex(text: string): boolean {
  if (text.length === 0 || text.length > 15 || (text.length > 1 && text.charCodeAt(0) === 48)) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function segmentsOf(instancePath: string): PathSegment[] {
  if (instancePath === '') return [];
  const parts = instancePath.slice(1).split('/');
  const out: PathSegment[] = new Array(parts.length);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const raw = part.includes('~') ? part.replace(/~1/g, '/').replace(/~0/g, '~') : part;
    out[i] = isIndex(raw) ? Number(raw) : raw;
  }
  return out;
}

/** `; allowed: a, b, c` for a closed object's schema, built once per schema object. */
const allowedLists = new WeakMap<object, string>();

function allowedList(parentSchema: Record<string, unknown> | undefined): string {
  if (parentSchema === undefined) return '';
  let list = allowedLists.get(parentSchema);
  if (list === undefined) {
    const keys = Object.keys((parentSchema.properties as object | undefined) ?? {});
    list = keys.length > 0 ? `; allowed: ${keys.join(', ')}` : '';
    allowedLists.set(parentSchema, list);
  }
  return list;
}

/** `annotations.readOnlyHint`, `arguments[2].name`: the position inside the validated value. */
function dotted(segments: readonly PathSegment[]): string {
  let out = '';
  for (const s of segments) out += typeof s === 'number' ? `[${s}]` : out === '' ? s : `.${s}`;
  return out;
}

/** The subject of a message: the validated value itself, or a property inside it. */
function where(subject: string, segments: readonly PathSegment[]): string {
  return segments.length === 0 ? subject : `${subject}: ${quote(dotted(segments))}`;
}

/** One finding for one Ajv error. */
export function describeError(
  error: AjvError,
  subject: string,
  item?: ItemSubject,
): { at: PathSegment[]; message: string } {
  const at = segmentsOf(error.instancePath);
  const here =
    item !== undefined && typeof at[0] === 'number' ? where(item(at[0]), at.slice(1)) : where(subject, at);
  const params = error.params;
  switch (error.keyword) {
    case 'additionalProperties': {
      const property = String(params.additionalProperty);
      at.push(property);
      return {
        at,
        message: `${here} has unknown property ${quote(property)}${allowedList(error.parentSchema)}`,
      };
    }
    case 'required':
      return { at, message: `${here} is missing required property ${quote(params.missingProperty)}` };
    case 'type':
      return { at, message: `${here} must be ${typeList(params.type)}, found ${jsonType(error.data)}` };
    case 'enum': {
      const values = (params.allowedValues as unknown[]).map((v) => quote(v)).join(', ');
      return { at, message: `${here} must be one of ${values}, found ${quote(error.data)}` };
    }
    case 'const':
      return { at, message: `${here} must be ${quote(params.allowedValue)}, found ${quote(error.data)}` };
    case 'format':
      return { at, message: `${here} must be a valid ${params.format}, found ${quote(error.data)}` };
    case 'minLength':
      return {
        at,
        message:
          params.limit === 1
            ? `${here} must not be empty`
            : `${here} must be at least ${params.limit} characters long`,
      };
    case 'minItems':
      return {
        at,
        message: `${here} must have at least ${params.limit} item${params.limit === 1 ? '' : 's'}`,
      };
    case 'uniqueItems':
      return {
        at: [...at, Number(params.i)],
        message: `${here} has duplicate items (${params.j} and ${params.i})`,
      };
    default:
      return { at, message: `${here} ${error.message ?? `fails ${error.keyword}`}` };
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
  for (const error of errors) {
    const { at, message } = describeError(error, subject, item);
    if (base.length === 0) {
      report(at, message);
      continue;
    }
    // A plain copy: Array.prototype.concat's generic path was ~5% of reporting 24k tool errors.
    const path = base.slice();
    for (let i = 0; i < at.length; i++) path.push(at[i]!);
    report(path, message);
  }
}

/** All errors of one value as a single sentence (one diagnostic per transport, never a flood). */
export function summarizeErrors(errors: ReadonlyArray<AjvError>, subject: string): string {
  const parts: string[] = [];
  for (const error of errors) {
    // Described without a subject ("has unknown property ...", '"args" must be ...'); an allowed-list
    // goes in parentheses so that "; " separates problems only.
    const { message } = describeError(error, '');
    parts.push(
      message
        .replace(/^: /, '')
        .replace(/^ /, '')
        .replace(/; allowed: (.*)$/, ' (allowed: $1)'),
    );
  }
  return `${subject} is invalid: ${parts.join('; ')}`;
}
