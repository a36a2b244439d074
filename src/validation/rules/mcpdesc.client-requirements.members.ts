// Client Capability Requirements Objects (§8.5) on tools, resources, resource templates and prompts:
// non-empty, no `protocolVersions` (a requirement is scoped by its primitive), every capability a
// marker or settings object, `experimental` a map of objects, `extensions` a non-empty map of
// protocol extension identifiers (`prefix/name`) to objects, and `x-` extensions allowed (§14.2).
// Which capabilities each MCP revision defines is mcpdesc.protocol.revision-applicable's.
import { isObject } from '../json-schema/values.js';
import type { Rule } from '../rule.js';
import { levels080 } from '../rule.js';
import { OPEN_OBJECT } from '../schema/blocks.js';
import { reportErrors } from '../schema/errors.js';
import type { SchemaFragment, StructuralRule } from '../schema/fragment.js';
import { EXTENSION_MAP } from '../schema/mcp.js';
import { fragmentHandle } from '../schema/validators.js';
import { entitySubject } from '../schema/visitors.js';
import { PRIMITIVE_NOUNS } from './mcpdesc.elicitation.members.js';
import { exampleDocument080, exampleTool } from './semantic-examples.js';

const ID = 'mcpdesc.client-requirements.members';

const REQUIREMENTS: SchemaFragment = {
  type: 'object',
  minProperties: 1,
  properties: {
    protocolVersions: false,
    roots: OPEN_OBJECT,
    sampling: OPEN_OBJECT,
    elicitation: OPEN_OBJECT,
    tasks: OPEN_OBJECT,
    experimental: { type: 'object', additionalProperties: OPEN_OBJECT },
    extensions: EXTENSION_MAP,
  },
  patternProperties: { '^x-': {} },
  // The applicable ClientCapabilities types are open: unknown capabilities are kept, as objects (§8.5).
  additionalProperties: OPEN_OBJECT,
};

const FRAGMENT = fragmentHandle(ID, 'clientRequirements');

const rule: StructuralRule = {
  id: ID,
  description: 'Client requirements are non-empty, unscoped, and declare each capability as an object.',
  specSection: '8.5',
  collections: ['tools', 'resources', 'resourceTemplates', 'prompts'],
  levels: levels080('error'),
  fragments: (version) => (version === '0.8.0' ? { clientRequirements: REQUIREMENTS } : null),
  examples: {
    valid: [
      {
        description: 'settings objects, an experimental map, an extension, an unknown capability',
        document: exampleDocument080({
          protocolVersions: ['2025-11-25'],
          prompts: [
            {
              name: 'review',
              clientRequirements: {
                sampling: { tools: {} },
                experimental: { 'com.example/review': {} },
                futureCapability: {},
                'x-note': 'documented',
              },
            },
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'an empty object; protocolVersions; markers that are not objects; a bad extension id',
        document: exampleDocument080({
          tools: [
            exampleTool({ name: 'empty', clientRequirements: {} }),
            exampleTool({
              name: 'bad',
              clientRequirements: {
                protocolVersions: ['2026-07-28'],
                elicitation: true,
                extensions: { tasks: {} },
              },
            }),
          ],
        }),
        diagnostics: [
          { pointer: '/tools/0/clientRequirements', severity: 'error' },
          { pointer: '/tools/1/clientRequirements/protocolVersions', severity: 'error' },
          { pointer: '/tools/1/clientRequirements/elicitation', severity: 'error' },
          { pointer: '/tools/1/clientRequirements/extensions/tasks', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    const fragment = FRAGMENT.get(context.version);
    if (fragment === null) return {};
    return {
      element(collection, index, value) {
        if (collection === 'tags' || !isObject(value) || !Object.hasOwn(value, 'clientRequirements')) return;
        const errors = fragment.check(value.clientRequirements);
        if (errors === null) return;
        const owner = entitySubject(PRIMITIVE_NOUNS[collection]!, value, index);
        reportErrors(
          context.report,
          errors,
          [collection, index, 'clientRequirements'],
          `${owner} "clientRequirements"`,
        );
      },
    };
  },
};

export default rule satisfies Rule;
