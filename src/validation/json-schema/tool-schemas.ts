// The document-provided schemas of a Tool (§9.2): `inputSchema` and `outputSchema`, when they are
// objects. A non-object value is mcpdesc.tool.members' finding, not a schema to check. In 0.8.0 a tool
// schema may be a schema component (§17.1), checked once where it is defined.
import type { RuleScreen } from '../rule.js';
import { DEFAULT_DIALECT, type Dialect, dialectOf } from './dialect.js';
import { isObject, type JsonObject, ownArray } from './values.js';
import type { SchemaAnalysis } from './walk.js';

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
  if (isObject(input) && !isReferenceObject(input)) visit('inputSchema', input);
  const output = tool.outputSchema;
  if (isObject(output) && !isReferenceObject(output)) visit('outputSchema', output);
}

/** 0.8.0: a Reference Object stands for a schema component, which is checked where it is defined. */
function isReferenceObject(schema: JsonObject): boolean {
  return Object.hasOwn(schema, '$componentRef');
}

/** The schema components of a 0.8.0 document (`components.schemas`), Reference Objects left out. */
export function forEachComponentSchema(
  components: unknown,
  analyze: Analyze,
  visit: (name: string, schema: JsonObject, analysis: SchemaAnalysis, dialect: Dialect | null) => void,
): void {
  if (!isObject(components) || !Object.hasOwn(components, 'schemas') || !isObject(components.schemas)) return;
  const schemas = components.schemas;
  for (const name of Object.keys(schemas)) {
    const schema = schemas[name];
    if (!isObject(schema) || isReferenceObject(schema)) continue;
    const dialect = dialectOf(schema);
    visit(name, schema, analyze(schema, dialect ?? DEFAULT_DIALECT), dialect);
  }
}

/** How a schema's walk is obtained: a rule's (or a screen's) context shares one per schema. */
export type Analyze = (schema: JsonObject, dialect: Dialect) => SchemaAnalysis;

/**
 * Each schema of a tool with its walk and its dialect: null for an unknown `$schema`, whose walk then
 * follows the default dialect.
 */
export function forEachAnalyzedToolSchema(
  tool: unknown,
  analyze: Analyze,
  visit: (key: ToolSchemaKey, analysis: SchemaAnalysis, schema: JsonObject, dialect: Dialect | null) => void,
): void {
  forEachToolSchema(tool, (key, schema) => {
    const dialect = dialectOf(schema);
    visit(key, analyze(schema, dialect ?? DEFAULT_DIALECT), schema, dialect);
  });
}

/** A tool schema with its dialect (null: an unknown `$schema`, walked in the default) and its walk. */
export interface AnalyzedToolSchema {
  schema: JsonObject;
  dialect: Dialect | null;
  analysis: SchemaAnalysis;
}

/** Every tool schema of a document's tools, in document order, each walked once. */
export function analyzedToolSchemas(document: JsonObject, analyze: Analyze): AnalyzedToolSchema[] {
  const out: AnalyzedToolSchema[] = [];
  for (const tool of ownArray(document, 'tools')) {
    forEachToolSchema(tool, (_key, schema) => {
      const dialect = dialectOf(schema);
      out.push({ schema, dialect, analysis: analyze(schema, dialect ?? DEFAULT_DIALECT) });
    });
  }
  return out;
}

/** Whether a rule finds nothing in one tool schema, given its walk and its dialect. */
export type ToolSchemaClean = (
  analysis: SchemaAnalysis,
  schema: JsonObject,
  dialect: Dialect | null,
) => boolean;

/** A tool-schema rule's screen: it finds nothing in any tool schema of the document. */
export function toolSchemaScreen(clean: ToolSchemaClean, covers?: RuleScreen['covers']): RuleScreen {
  return {
    test(_document, context) {
      for (const { analysis, schema, dialect } of context.toolSchemas) {
        if (!clean(analysis, schema, dialect)) return false;
      }
      return true;
    },
    ...(covers === undefined ? {} : { covers }),
  };
}
