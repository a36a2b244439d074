// Named examples on primitives (§9.3, §9.4, §10.4, §11.3, §11.4): each map non-empty with names
// matching ^[A-Za-z0-9._-]+$; Tool, Resource, Resource Template and Prompt examples inline or as
// Reference Objects, interaction and completion examples inline only; each example object closed apart
// from `x-` extensions, with its required members; the MCP payloads inside (results, content blocks,
// interaction steps) in their native shapes, which take no `x-` members (§14.2). What an example says
// (its input against the tool's schema, its result against the protocol revision) is for the
// semantic rules.
import { isObject } from '../json-schema/values.js';
import type { CollectionKey, Rule } from '../rule.js';
import { levels080 } from '../rule.js';
import { reportErrors } from '../schema/errors.js';
import type { SchemaFragment, StructuralRule } from '../schema/fragment.js';
import {
  COMPLETION_EXAMPLE,
  INTERACTION_EXAMPLE,
  namedMap,
  PROMPT_EXAMPLE,
  RESOURCE_EXAMPLE,
  RESOURCE_TEMPLATE_EXAMPLE,
  referenceOr,
  TOOL_EXAMPLE,
} from '../schema/mcp.js';
import { type FragmentHandle, fragmentHandle } from '../schema/validators.js';
import { entitySubject } from '../schema/visitors.js';
import { PRIMITIVE_NOUNS } from './mcpdesc.elicitation.members.js';
import { exampleDocument080, exampleTool } from './semantic-examples.js';

const ID = 'mcpdesc.example.members';

/** The example maps of each kind of primitive, and the value type of each map. */
const MAPS: Readonly<Record<string, Readonly<Record<string, SchemaFragment>>>> = {
  tools: { examples: referenceOr(TOOL_EXAMPLE), interactionExamples: INTERACTION_EXAMPLE },
  resources: { examples: referenceOr(RESOURCE_EXAMPLE) },
  resourceTemplates: {
    examples: referenceOr(RESOURCE_TEMPLATE_EXAMPLE),
    completionExamples: COMPLETION_EXAMPLE,
  },
  prompts: { examples: referenceOr(PROMPT_EXAMPLE), completionExamples: COMPLETION_EXAMPLE },
};

/** Fragment part names: `<collection>.<map>`. */
function fragments(): Record<string, SchemaFragment> {
  const set: Record<string, SchemaFragment> = {};
  for (const [collection, maps] of Object.entries(MAPS)) {
    for (const [key, value] of Object.entries(maps)) set[`${collection}.${key}`] = namedMap(value);
  }
  return set;
}

const HANDLES = new Map<string, Array<[string, FragmentHandle]>>(
  Object.entries(MAPS).map(([collection, maps]) => [
    collection,
    Object.keys(maps).map((key) => [key, fragmentHandle(ID, `${collection}.${key}`)]),
  ]),
);

const result = { resultType: 'complete', content: [{ type: 'text', text: 'ok' }] };

const rule: StructuralRule = {
  id: ID,
  description: 'Named examples are non-empty maps of well-formed example objects.',
  specSection: '9.3',
  collections: ['tools', 'resources', 'resourceTemplates', 'prompts'],
  levels: levels080('error'),
  fragments: (version) => (version === '0.8.0' ? fragments() : null),
  examples: {
    valid: [
      {
        description: 'a tool example with every content block, an interaction example, a completion example',
        document: exampleDocument080({
          tools: [
            exampleTool({
              examples: {
                'paris.complete': {
                  input: { city: 'Paris' },
                  result: {
                    resultType: 'complete',
                    content: [
                      { type: 'text', text: 'Paris: 21.5 C' },
                      { type: 'image', data: 'aW1hZ2U=', mimeType: 'image/png' },
                      { type: 'resource', resource: { uri: 'weather://paris', text: 'Clear' } },
                      { type: 'resource_link', uri: 'weather://paris/map', name: 'Paris map' },
                    ],
                    structuredContent: { temperature: 21.5 },
                  },
                  'x-confidence': 0.9,
                },
              },
              interactionExamples: {
                confirmed: {
                  input: {},
                  steps: [
                    { type: 'roots', request: {}, response: { roots: [{ uri: 'file:///workspace' }] } },
                    {
                      type: 'elicitation',
                      request: { mode: 'url', message: 'Authorize.', url: 'https://a.example/connect' },
                      response: { action: 'accept' },
                    },
                  ],
                  result,
                },
              },
            }),
          ],
          prompts: [
            {
              name: 'team_lead',
              arguments: [{ name: 'name' }],
              completionExamples: {
                a: { argument: { name: 'name', value: 'a' }, result: { completion: { values: ['Ada'] } } },
              },
            },
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'an empty map, a name with spaces, a missing input, an input that is not an object',
        document: exampleDocument080({
          tools: [
            exampleTool({ name: 'empty_map', examples: {} }),
            exampleTool({
              name: 'bad',
              examples: {
                'contains spaces': { input: {}, result },
                missing: { result },
                array: { input: [], result },
              },
            }),
          ],
        }),
        diagnostics: [
          { pointer: '/tools/0/examples', severity: 'error' },
          { pointer: '/tools/1/examples/contains spaces', severity: 'error' },
          { pointer: '/tools/1/examples/missing', severity: 'error' },
          { pointer: '/tools/1/examples/array/input', severity: 'error' },
        ],
      },
      {
        description: 'an x- member on a native content block; text and blob together; a completion reference',
        document: exampleDocument080({
          tools: [
            exampleTool({
              examples: {
                styled: {
                  input: {},
                  result: { content: [{ type: 'text', text: 'Hi', 'x-style': 'brief' }] },
                },
              },
            }),
          ],
          resources: [
            {
              uri: 'test://r',
              name: 'r',
              examples: { both: { result: { contents: [{ uri: 'test://r', text: 't', blob: 'dA==' }] } } },
            },
          ],
          prompts: [
            {
              name: 'p',
              completionExamples: { bad: { $componentRef: '#/components/completionExamples/bad' } },
            },
          ],
        }),
        diagnostics: [
          { pointer: '/tools/0/examples/styled/result/content/0/x-style', severity: 'error' },
          { pointer: '/resources/0/examples/both/result/contents/0/text', severity: 'error' },
          { pointer: '/prompts/0/completionExamples/bad', severity: 'error' },
          { pointer: '/prompts/0/completionExamples/bad', severity: 'error' },
          { pointer: '/prompts/0/completionExamples/bad/$componentRef', severity: 'error' },
        ],
      },
      {
        description: 'interaction examples: no steps, an extra member, an unknown step type',
        document: exampleDocument080({
          tools: [
            exampleTool({
              interactionExamples: {
                broken: { input: [], steps: [], result: { content: [] }, description: 'not allowed' },
                unknown: { input: {}, steps: [{ type: 'progress', request: {}, response: {} }], result },
              },
            }),
          ],
        }),
        diagnostics: [
          { pointer: '/tools/0/interactionExamples/broken/description', severity: 'error' },
          { pointer: '/tools/0/interactionExamples/broken/input', severity: 'error' },
          { pointer: '/tools/0/interactionExamples/broken/steps', severity: 'error' },
          { pointer: '/tools/0/interactionExamples/unknown/steps/0/type', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    const version = context.version;
    return {
      element(collection, index, value) {
        const maps = HANDLES.get(collection);
        if (maps === undefined || !isObject(value)) return;
        for (const [key, handle] of maps) {
          if (!Object.hasOwn(value, key)) continue;
          const errors = handle.get(version)?.check(value[key]) ?? null;
          if (errors === null) continue;
          const owner = entitySubject(PRIMITIVE_NOUNS[collection as CollectionKey]!, value, index);
          reportErrors(context.report, errors, [collection, index, key], `${owner} "${key}"`);
        }
      },
    };
  },
};

export default rule satisfies Rule;
