// The Components Object (§17.1): at least one member; only the five typed namespace maps and `x-`
// extensions; each present map non-empty, its names matching ^[A-Za-z0-9._-]+$, its values of the
// namespace's type or Reference Objects (§17.2: exactly one `$componentRef`, nothing beside it). An
// `x-` key inside a namespace map is an ordinary component name (§14.2). Whether references resolve
// is mcpdesc.components.reference's; how a component fits where it is used, the use site's rules'.
import type { Rule } from '../rule.js';
import { levels080 } from '../rule.js';
import { OPEN_OBJECT } from '../schema/blocks.js';
import { reportErrors } from '../schema/errors.js';
import type { SchemaFragment, StructuralRule } from '../schema/fragment.js';
import {
  extensibleObject,
  namedMap,
  PROMPT_EXAMPLE,
  RESOURCE_EXAMPLE,
  RESOURCE_TEMPLATE_EXAMPLE,
  referenceOr,
  TOOL_EXAMPLE,
} from '../schema/mcp.js';
import { fragmentHandle } from '../schema/validators.js';
import { exampleDocument080 } from './semantic-examples.js';

const ID = 'mcpdesc.components.members';

const COMPONENTS: SchemaFragment = {
  ...extensibleObject({
    schemas: namedMap(referenceOr(OPEN_OBJECT)),
    toolExamples: namedMap(referenceOr(TOOL_EXAMPLE)),
    resourceExamples: namedMap(referenceOr(RESOURCE_EXAMPLE)),
    resourceTemplateExamples: namedMap(referenceOr(RESOURCE_TEMPLATE_EXAMPLE)),
    promptExamples: namedMap(referenceOr(PROMPT_EXAMPLE)),
  }),
  minProperties: 1,
};

const FRAGMENT = fragmentHandle(ID, 'components');

const rule: StructuralRule = {
  id: ID,
  description: 'Components hold only non-empty, typed namespace maps of named values and x- extensions.',
  specSection: '17.1',
  levels: levels080('error'),
  fragments: (version) => (version === '0.8.0' ? { components: COMPONENTS } : null),
  examples: {
    valid: [
      {
        description: 'every namespace, an alias, an x- component name, extensions',
        document: exampleDocument080({
          components: {
            schemas: {
              Input: { type: 'object' },
              Alias: { $componentRef: '#/components/schemas/Input' },
              'x-named-schema': { type: 'object' },
            },
            toolExamples: {
              basic: {
                input: {},
                result: { resultType: 'complete', content: [{ type: 'text', text: 'ok' }] },
                'x-source': 'docs',
              },
            },
            resourceExamples: {
              current: {
                result: {
                  resultType: 'complete',
                  ttlMs: 60,
                  cacheScope: 'private',
                  contents: [{ uri: 'data://status', text: 'ready' }],
                },
              },
            },
            resourceTemplateExamples: {
              item: {
                uri: 'data://items/1',
                result: { contents: [{ uri: 'data://items/1', blob: 'AAE=' }] },
              },
            },
            promptExamples: { default: { result: { messages: [] } } },
            'x-owner': 'documentation',
          },
        }),
      },
    ],
    invalid: [
      {
        description: 'an empty object, then an empty namespace and an unknown namespace',
        document: exampleDocument080({ components: {} }),
        diagnostics: [{ pointer: '/components', severity: 'error' }],
      },
      {
        description: 'an x- name in a map is a component: its value must be of the namespace type',
        document: exampleDocument080({
          components: {
            toolExamples: { 'x-map-extension': true, 'bad name': { input: {}, result: { content: [] } } },
            promptExamples: {},
            parameters: {},
          },
        }),
        diagnostics: [
          { pointer: '/components/parameters', severity: 'error' },
          { pointer: '/components/toolExamples/bad name', severity: 'error' },
          { pointer: '/components/toolExamples/x-map-extension', severity: 'error' },
          { pointer: '/components/promptExamples', severity: 'error' },
        ],
      },
      {
        description: 'a Reference Object with a sibling, a pointer outside the namespaces, a bad example',
        document: exampleDocument080({
          components: {
            schemas: {
              A: { $componentRef: '#/components/schemas/B', description: 'alias' },
              B: { $componentRef: 'https://example.com/schemas/b.json' },
            },
            resourceExamples: { r: { result: { contents: [{ uri: 'data://x', text: 't', blob: 'AA==' }] } } },
          },
        }),
        diagnostics: [
          { pointer: '/components/schemas/A/description', severity: 'error' },
          { pointer: '/components/schemas/B/$componentRef', severity: 'error' },
          { pointer: '/components/resourceExamples/r/result/contents/0/text', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    const fragment = FRAGMENT.get(context.version);
    if (fragment === null) return {};
    return {
      member(key, value) {
        if (key !== 'components') return;
        const errors = fragment.check(value);
        if (errors !== null) reportErrors(context.report, errors, ['components'], '"components"');
      },
    };
  },
};

export default rule satisfies Rule;
