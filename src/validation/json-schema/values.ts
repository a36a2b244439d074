// Small helpers for untrusted parsed values. A document may use `__proto__`, `constructor` or
// `toString` as keys, names and tags: read with Object.hasOwn, or plainly only for keys that
// Object.prototype does not have (JSON.parse and yaml make `__proto__` an own key).

export type JsonObject = Record<string, unknown>;

/** A JSON object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const NONE: readonly unknown[] = [];

/** `object[key]` when it is an own array, else no elements: a root collection as the engine visits it. */
export function ownArray(object: JsonObject, key: string): readonly unknown[] {
  const value = Object.hasOwn(object, key) ? object[key] : undefined;
  return Array.isArray(value) ? value : NONE;
}
