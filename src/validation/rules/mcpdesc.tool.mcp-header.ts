// §9.2: MCP 2026-07-28 `inputSchema` properties may carry `x-mcp-header` to map an input to an HTTP
// header. The value is a non-empty HTTP field-name token, unique case-insensitively within the schema;
// it sits only on a `string`, `integer` or `boolean` property reached from the root through
// `properties` alone (not through arrays, composition, conditionals or `$ref`); and only tools whose
// scope is 2026-07-28 alone may use it. A referenced input schema is judged at each use (§17.3).
import { quote } from '../../quote.js';
import type { PathSegment } from '../../types.js';
import { DEFAULT_DIALECT, dialectOf } from '../json-schema/dialect.js';
import { isObject, type JsonObject } from '../json-schema/values.js';
import { analyzeSchema } from '../json-schema/walk.js';
import { type Components, isReference, primitiveVisitor, valueAt } from '../protocol/components.js';
import { describeScope, effectiveScope, NO_REVISIONS, only, type Scope } from '../protocol/revisions.js';
import { levels080, type Rule, type RuleContext } from '../rule.js';
import { entitySubject } from '../schema/visitors.js';
import { exampleDocument080, exampleTool } from './semantic-examples.js';

const KEY = 'x-mcp-header';
const OTHER_THAN_2026 = ~only('2026-07-28');
/** RFC 9110 field-name: a token of tchar. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_TYPES = new Set(['string', 'integer', 'boolean']);
const MAX_DEPTH = 64;

/** Keywords that hold subschemas: 1 one, 2 a map, 3 a list. Only `properties` keeps a path reachable. */
const SUBSCHEMAS: ReadonlyArray<readonly [string, 1 | 2 | 3]> = [
  ['properties', 2],
  ['patternProperties', 2],
  ['additionalProperties', 1],
  ['items', 1],
  ['prefixItems', 3],
  ['additionalItems', 1],
  ['contains', 1],
  ['propertyNames', 1],
  ['not', 1],
  ['if', 1],
  ['then', 1],
  ['else', 1],
  ['allOf', 3],
  ['anyOf', 3],
  ['oneOf', 3],
  ['$defs', 2],
  ['definitions', 2],
  ['dependentSchemas', 2],
  ['unevaluatedProperties', 1],
  ['unevaluatedItems', 1],
];

interface Use {
  path: PathSegment[];
  value: unknown;
  /** On a property reached from the root through `properties` alone. */
  reachable: boolean;
  type: unknown;
}

/**
 * Whether a schema uses the annotation anywhere: the schema walk the other tool-schema rules share
 * notices it (json-schema/walk.ts), so most tools cost one cached lookup here.
 */
function hasHeader(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  return analyzeSchema(schema, dialectOf(schema) ?? DEFAULT_DIALECT).mcpHeader;
}

/** Every use of the annotation, with where it is (only for schemas `hasHeader` found one in). */
function uses(schema: unknown, path: PathSegment[], reachable: boolean, depth: number, out: Use[]): void {
  if (!isObject(schema) || depth > MAX_DEPTH) return;
  if (Object.hasOwn(schema, KEY))
    out.push({ path: [...path, KEY], value: schema[KEY], reachable, type: schema.type });
  for (const [keyword, kind] of SUBSCHEMAS) {
    if (!Object.hasOwn(schema, keyword)) continue;
    const value = schema[keyword];
    const next = reachable && keyword === 'properties';
    if (kind === 1) uses(value, [...path, keyword], false, depth + 1, out);
    else if (kind === 2 && isObject(value)) {
      for (const name of Object.keys(value))
        uses(value[name], [...path, keyword, name], next, depth + 1, out);
    } else if (kind === 3 && Array.isArray(value)) {
      value.forEach((item: unknown, i) => {
        uses(item, [...path, keyword, i], false, depth + 1, out);
      });
    }
  }
}

function check(
  context: RuleContext,
  components: Components,
  root: Scope,
  index: number,
  tool: JsonObject,
): void {
  if (!Object.hasOwn(tool, 'inputSchema')) return;
  const used = valueAt(components, tool.inputSchema, 'schemas');
  if (used === null) return;
  if (!hasHeader(used.value)) return;
  const found: Use[] = [];
  uses(used.value, [], true, 0, found);
  const owner = entitySubject('Tool', tool, index);
  const base: PathSegment[] = ['tools', index, 'inputSchema'];
  const at = (use: Use) => (used.from === null ? [...base, ...use.path] : base);
  const where = (use: Use) => (used.from === null ? '' : ` (in ${used.from} at ${use.path.join('/')})`);
  const other = effectiveScope(tool, root) & OTHER_THAN_2026;
  const seen = new Map<string, string>();
  for (const use of found) {
    const subject = `${owner}: "${KEY}"${where(use)}`;
    if (other !== NO_REVISIONS) {
      context.report(
        at(use),
        `${subject} is defined by MCP 2026-07-28 only; this tool applies to ${describeScope(other)}`,
      );
    }
    if (typeof use.value !== 'string' || !TOKEN.test(use.value)) {
      context.report(
        at(use),
        `${subject} must be a non-empty HTTP field-name token, found ${quote(use.value)}`,
      );
    } else {
      const name = use.value.toLowerCase();
      const first = seen.get(name);
      if (first !== undefined)
        context.report(
          at(use),
          `${subject} ${quote(use.value)} repeats header ${quote(first)} (header names are case-insensitive)`,
        );
      else seen.set(name, use.value);
    }
    if (!use.reachable || use.path.length === 1) {
      context.report(
        at(use),
        `${subject} must be on a property reached from the schema root through "properties" alone (not through arrays, composition, conditionals or $ref)`,
      );
    } else if (typeof use.type !== 'string' || !HEADER_TYPES.has(use.type)) {
      context.report(
        at(use),
        `${subject} must be on a string, integer or boolean property; found type ${quote(use.type ?? 'none')}`,
      );
    }
  }
}

const rule: Rule = {
  id: 'mcpdesc.tool.mcp-header',
  description:
    'Map tool inputs to HTTP headers only with valid, unique names on top-level scalar properties.',
  specSection: '9.2',
  scope: 'document',
  collections: ['tools'],
  levels: levels080('error'),
  project(collection, _index, value) {
    if (collection !== 'tools' || !isObject(value) || !Object.hasOwn(value, 'inputSchema')) return undefined;
    return isReference(value.inputSchema) || hasHeader(value.inputSchema) ? value : undefined;
  },
  examples: {
    valid: [
      {
        description: 'a header on a top-level string property, for MCP 2026-07-28',
        document: exampleDocument080({
          tools: [
            exampleTool({
              inputSchema: { type: 'object', properties: { region: { type: 'string', [KEY]: 'Region' } } },
            }),
          ],
        }),
      },
    ],
    invalid: [
      {
        description:
          'a repeated name, an invalid token on a number, a header under allOf, one for 2025-11-25',
        document: exampleDocument080({
          protocolVersions: ['2025-11-25', '2026-07-28'],
          tools: [
            exampleTool({
              protocolVersions: ['2026-07-28'],
              inputSchema: {
                type: 'object',
                properties: {
                  region: { type: 'string', [KEY]: 'X-Region' },
                  fallback: { type: 'string', [KEY]: 'x-region' },
                  count: { type: 'number', [KEY]: 'Invalid Header' },
                },
                allOf: [{ properties: { zone: { type: 'string', [KEY]: 'Zone' } } }],
              },
            }),
            exampleTool({
              name: 'early',
              protocolVersions: ['2025-11-25'],
              inputSchema: { type: 'object', properties: { region: { type: 'string', [KEY]: 'Region' } } },
            }),
          ],
        }),
        diagnostics: [
          { pointer: '/tools/0/inputSchema/properties/fallback/x-mcp-header', severity: 'error' },
          { pointer: '/tools/0/inputSchema/properties/count/x-mcp-header', severity: 'error' },
          { pointer: '/tools/0/inputSchema/properties/count/x-mcp-header', severity: 'error' },
          { pointer: '/tools/0/inputSchema/allOf/0/properties/zone/x-mcp-header', severity: 'error' },
          { pointer: '/tools/1/inputSchema/properties/region/x-mcp-header', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return primitiveVisitor(context, {
      accepts: (collection) => collection === 'tools',
      waits: (_, tool) => isReference(tool.inputSchema),
      check: (components, _, index, tool, root) => check(context, components, root, index, tool),
    });
  },
};

export default rule;
