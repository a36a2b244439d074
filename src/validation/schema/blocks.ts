// Small building blocks the rule files compose their fragments from (the spec's tables use a handful
// of value types over and over). Fragments themselves live in the rule files.
import type { SchemaFragment } from './fragment.js';

export const STRING: SchemaFragment = { type: 'string' };
export const NON_EMPTY_STRING: SchemaFragment = { type: 'string', minLength: 1 };
export const BOOLEAN: SchemaFragment = { type: 'boolean' };
export const NUMBER: SchemaFragment = { type: 'number' };
export const URI: SchemaFragment = { type: 'string', format: 'uri' };
/** An email value: RFC 5322 is a SHOULD (§14.6), mcpdesc.email.address's warning, not a structural error. */
export const EMAIL: SchemaFragment = { type: 'string' };
/** An object whose members are not constrained (`annotations` of resources, `_meta`, `experimental`). */
export const OPEN_OBJECT: SchemaFragment = { type: 'object' };
export const STRING_ARRAY: SchemaFragment = { type: 'array', items: { type: 'string' } };
/** A member another rule owns: accepted here whatever its value, judged there (e.g. `icons`). */
export const OWNED_ELSEWHERE: SchemaFragment = {};

/**
 * A member that must not be present (a JSON Schema `false`): reported as "not allowed here" instead of
 * as an unknown member, where another variant of the object has it (a URL on a form-mode declaration).
 */
export const FORBIDDEN = false;

/** A closed object: only `properties`, `required` ones present. */
export function closedObject(
  properties: Record<string, SchemaFragment | typeof FORBIDDEN>,
  required: readonly string[] = [],
): SchemaFragment {
  return {
    type: 'object',
    ...(required.length > 0 ? { required: [...required] } : {}),
    properties,
    additionalProperties: false,
  };
}

/** An open object: typed `properties`, anything else allowed (forward compatibility). */
export function openObject(properties: Record<string, SchemaFragment>): SchemaFragment {
  return { type: 'object', properties };
}

// Placing a fragment in a rule's fast-path screen, a schema over the whole document. Like the visitors,
// they judge only what is there: `properties` applies to objects, `items` to arrays.

/** `schema` applied to root member `key`, when the document has one. */
export function atMember(key: string, schema: SchemaFragment): SchemaFragment {
  return { properties: { [key]: schema } };
}

/** `schema` applied to each element of root collection `collection`, when it is an array. */
export function atElements(collection: string, schema: SchemaFragment): SchemaFragment {
  return atMember(collection, { items: schema });
}

/** `consequence` applies where `condition` holds: JSON Schema's `if`/`then`. */
export function when(condition: SchemaFragment, consequence: SchemaFragment): SchemaFragment {
  // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword; the object is a schema, never awaited.
  return { if: condition, then: consequence };
}
