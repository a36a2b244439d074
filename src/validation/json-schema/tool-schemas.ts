// The document-provided schemas of a Tool (§9.2): `inputSchema` and `outputSchema`, when they are
// objects. A non-object value is mcpdesc.tool.members' finding, not a schema to check.
import { DEFAULT_DIALECT, type Dialect, dialectOf } from './dialect.js';
import { isObject, type JsonObject } from './values.js';
import { analyzeSchema, type SchemaAnalysis } from './walk.js';

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

/**
 * Each schema of a tool with its walk (the walk keeps its last few results, so the rules that call this
 * for the same tool share one walk) and its dialect: null for an unknown `$schema`, whose walk then follows the default dialect.
 */
export function forEachAnalyzedToolSchema(
  tool: unknown,
  visit: (key: ToolSchemaKey, analysis: SchemaAnalysis, schema: JsonObject, dialect: Dialect | null) => void,
): void {
  forEachToolSchema(tool, (key, schema) => {
    const dialect = dialectOf(schema);
    visit(key, analyzeSchema(schema, dialect ?? DEFAULT_DIALECT), schema, dialect);
  });
}
