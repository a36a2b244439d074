// Small, allocation-free readers for untrusted parsed values. Own properties only: a document may use
// `__proto__`, `constructor` or `toString` as keys, names and tags.

export type JsonObject = Record<string, unknown>;

/** A JSON object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** An own property of an object, or undefined (never an inherited one such as `toString`). */
export function own(obj: JsonObject, key: string): unknown {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** A string for messages: JSON-quoted and cut to `max` characters so a 500 MB name stays a line. */
export function quote(value: string, max = 80): string {
  return value.length > max ? `${JSON.stringify(value.slice(0, max))}...` : JSON.stringify(value);
}
