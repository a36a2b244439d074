// The document-provided schemas of a Tool (§9.2): `inputSchema` and `outputSchema`, when they are
// objects. A non-object value is mcpdesc.tool.members' finding, not a schema to check.
import { isObject, type JsonObject } from './values.js';

export const TOOL_SCHEMA_KEYS = ['inputSchema', 'outputSchema'] as const;
export type ToolSchemaKey = (typeof TOOL_SCHEMA_KEYS)[number];

export function forEachToolSchema(
  tool: unknown,
  visit: (key: ToolSchemaKey, schema: JsonObject) => void,
): void {
  if (!isObject(tool)) return;
  // Plain reads are safe: Object.prototype has no `inputSchema`/`outputSchema`, and skipping hasOwn
  // matters at 26k tools × 4 schema rules.
  const input = tool.inputSchema;
  if (isObject(input)) visit('inputSchema', input);
  const output = tool.outputSchema;
  if (isObject(output)) visit('outputSchema', output);
}
