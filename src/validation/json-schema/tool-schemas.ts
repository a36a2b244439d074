// The document-provided schemas of a Tool (§9.2): `inputSchema` and `outputSchema`, when they are
// objects. A non-object value is mcpdesc.tool.members' finding, not a schema to check.
import type { PathSegment } from '../../types.js';
import type { RuleContext, RuleScreen, RuleVisitor } from '../rule.js';
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
  if (isObject(input)) visit('inputSchema', input);
  const output = tool.outputSchema;
  if (isObject(output)) visit('outputSchema', output);
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

/** One finding about a tool schema: where inside the schema, and what. */
export interface SchemaFinding {
  path: readonly PathSegment[];
  message: string;
}

/** What a rule finds in one tool schema (`NO_FINDINGS` when nothing). */
export type ToolSchemaFindings = (
  key: ToolSchemaKey,
  analysis: SchemaAnalysis,
  schema: JsonObject,
  dialect: Dialect | null,
) => readonly SchemaFinding[];

export const NO_FINDINGS: readonly SchemaFinding[] = [];

/** A tool-schema rule's visitor: each finding of each schema of each tool, placed in the document. */
export function toolSchemaVisitor(context: RuleContext, findings: ToolSchemaFindings): RuleVisitor {
  return {
    element(collection, index, tool) {
      if (collection !== 'tools') return;
      forEachAnalyzedToolSchema(tool, context.analyze, (key, analysis, schema, dialect) => {
        for (const finding of findings(key, analysis, schema, dialect)) {
          context.report(['tools', index, key, ...finding.path], finding.message);
        }
      });
    },
  };
}

/** The same rule's screen: no tool schema of the document has a finding. */
export function toolSchemaScreen(findings: ToolSchemaFindings): RuleScreen {
  return {
    test(document, context) {
      let clean = true;
      for (const tool of ownArray(document, 'tools')) {
        forEachAnalyzedToolSchema(tool, context.analyze, (key, analysis, schema, dialect) => {
          if (clean && findings(key, analysis, schema, dialect).length > 0) clean = false;
        });
        if (!clean) return false;
      }
      return true;
    },
  };
}
