// Small helpers for untrusted parsed values. A document may use `__proto__`, `constructor` or
// `toString` as keys, names and tags: read with Object.hasOwn, or plainly only for keys that
// Object.prototype does not have (JSON.parse and yaml make `__proto__` an own key).

export type JsonObject = Record<string, unknown>;

/** A JSON object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A string for messages: JSON-quoted and cut to `max` characters so a 500 MB name stays a line. */
export function quote(value: string, max = 80): string {
  return value.length > max ? `${JSON.stringify(value.slice(0, max))}...` : JSON.stringify(value);
}
