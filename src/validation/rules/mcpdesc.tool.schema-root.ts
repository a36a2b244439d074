// §9.2: a Tool's `inputSchema` root describes an object (`"type": "object"`), and before MCP 2026-07-28
// so does an `outputSchema`'s (2026-07-28 takes any root). An inline input schema's root is
// mcpdesc.tool.members' finding; here, schemas referenced from `components` (resolved at each use,
// §17.3) and output schemas in the scope of a revision before 2026-07-28.
import { quote } from '../../quote.js';
import type { PathSegment } from '../../types.js';
import { isObject, type JsonObject } from '../json-schema/values.js';
import { type Components, isReference, primitiveVisitor, valueAt } from '../protocol/components.js';
import { before, describeScope, effectiveScope, NO_REVISIONS, type Scope } from '../protocol/revisions.js';
import { levels080, type Rule, type RuleContext } from '../rule.js';
import { entitySubject } from '../schema/visitors.js';
import { exampleDocument080, exampleTool } from './semantic-examples.js';

const BEFORE_2026 = before('2026-07-28');

function objectRoot(schema: unknown): boolean {
  return isObject(schema) && schema.type === 'object';
}

function check(
  context: RuleContext,
  components: Components,
  root: Scope,
  index: number,
  tool: JsonObject,
): void {
  const owner = entitySubject('Tool', tool, index);
  const at = (key: string): PathSegment[] => ['tools', index, key];
  if (Object.hasOwn(tool, 'inputSchema') && isReference(tool.inputSchema)) {
    const used = valueAt(components, tool.inputSchema, 'schemas');
    if (used !== null && !objectRoot(used.value)) {
      context.report(
        at('inputSchema'),
        `${owner}: inputSchema ${used.from} must describe an object ("type": "object" at its root)`,
      );
    }
  }
  const older = effectiveScope(tool, root) & BEFORE_2026;
  if (!Object.hasOwn(tool, 'outputSchema') || older === NO_REVISIONS) return;
  const used = valueAt(components, tool.outputSchema, 'schemas');
  if (used === null || !isObject(used.value) || objectRoot(used.value)) return;
  context.report(
    used.from === null && Object.hasOwn(used.value, 'type')
      ? [...at('outputSchema'), 'type']
      : at('outputSchema'),
    `${owner}: outputSchema${used.from ? ` ${used.from}` : ''} must describe an object for ${describeScope(older)} (any root is allowed from MCP 2026-07-28 only); found ${quote(used.value.type ?? 'no "type"')}`,
  );
}

const rule: Rule = {
  id: 'mcpdesc.tool.schema-root',
  description: 'Give tool input schemas, and output schemas before MCP 2026-07-28, an object root.',
  specSection: '9.2',
  scope: 'document',
  collections: ['tools'],
  levels: levels080('error'),
  project: (collection, _index, value) =>
    collection === 'tools' &&
    isObject(value) &&
    (Object.hasOwn(value, 'outputSchema') || isReference(value.inputSchema))
      ? value
      : undefined,
  examples: {
    valid: [
      {
        description: 'an array output for MCP 2026-07-28; a referenced object input',
        document: exampleDocument080({
          components: { schemas: { In: { type: 'object' } } },
          tools: [
            exampleTool({
              inputSchema: { $componentRef: '#/components/schemas/In' },
              outputSchema: { type: 'array' },
            }),
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'an array output for MCP 2025-11-25; a referenced input that is not an object',
        document: exampleDocument080({
          protocolVersions: ['2025-11-25'],
          components: { schemas: { List: { type: 'array' } } },
          tools: [
            exampleTool({ outputSchema: { type: 'array', items: { type: 'string' } } }),
            exampleTool({ name: 'listed', inputSchema: { $componentRef: '#/components/schemas/List' } }),
          ],
        }),
        diagnostics: [
          { pointer: '/tools/0/outputSchema/type', severity: 'error' },
          { pointer: '/tools/1/inputSchema', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return primitiveVisitor(context, {
      accepts: (collection) => collection === 'tools',
      check: (components, _, index, tool, root) => check(context, components, root, index, tool),
    });
  },
};

export default rule;
