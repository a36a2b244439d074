// The seed rule (0.9.0-rc.3 `mcpdesc.tool.members`, 0.7.0 §9.1): a Tool has only the properties of
// the §9.1 table, each with its defined type. Annotations (§9.3) are typed but open for forward
// compatibility; the Execution object (§9.4) accepts only `taskSupport`, from its enum.
// Schema validity of inputSchema/outputSchema is mcpdesc.tool.schema-valid's, icons are
// mcpdesc.icon.members', duplicate tags mcpdesc.entity-tags.shape's; a missing inputSchema and an
// empty name are mcpdesc.tool.input-schema-present's and mcpdesc.tool.name-nonempty's.
import type { Rule } from '../rule.js';
import { levels } from '../rule.js';
import {
  atElements,
  BOOLEAN,
  closedObject,
  OPEN_OBJECT,
  OWNED_ELSEWHERE,
  openObject,
  STRING,
  STRING_ARRAY,
} from '../schema/blocks.js';
import type { StructuralRule } from '../schema/fragment.js';
import { fragmentHandle } from '../schema/validators.js';
import { collectionVisitor } from '../schema/visitors.js';
import { exampleDocument } from './semantic-examples.js';

const ID = 'mcpdesc.tool.members';

export const TASK_SUPPORT = ['forbidden', 'optional', 'required'];

const TOOL = closedObject(
  {
    name: STRING,
    title: STRING,
    description: STRING,
    inputSchema: OPEN_OBJECT,
    outputSchema: OPEN_OBJECT,
    annotations: openObject({
      title: STRING,
      readOnlyHint: BOOLEAN,
      destructiveHint: BOOLEAN,
      idempotentHint: BOOLEAN,
      openWorldHint: BOOLEAN,
    }),
    execution: closedObject({ taskSupport: { type: 'string', enum: TASK_SUPPORT } }),
    icons: OWNED_ELSEWHERE,
    tags: STRING_ARRAY,
    deprecated: BOOLEAN,
    _meta: OPEN_OBJECT,
  },
  ['name'],
);

const ELEMENT = fragmentHandle(ID, 'element');

const rule: StructuralRule = {
  id: ID,
  description: 'A tool has only the properties of the Section 9.1 table, each with its defined type.',
  specSection: '9.1',
  collections: ['tools'],
  levels: levels('error'),
  fragments: () => ({ element: TOOL }),
  screen: { schema: () => atElements('tools', TOOL) },
  examples: {
    valid: [
      {
        description: 'every property, open annotations',
        document: exampleDocument({
          tools: [
            {
              name: 'get_forecast',
              title: 'Forecast',
              description: 'd',
              inputSchema: { type: 'object' },
              outputSchema: { type: 'object' },
              annotations: { readOnlyHint: true, futureHint: 'x' },
              execution: { taskSupport: 'optional' },
              icons: [{ src: 'https://e.example/i.png' }],
              tags: ['weather'],
              deprecated: false,
              _meta: { 'a/b': 1 },
            },
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'snake_case input_schema, a null annotations, a string deprecated',
        document: exampleDocument({
          tools: [
            { name: 'get_forecast', input_schema: { type: 'object' } },
            { name: 'b', annotations: null, deprecated: 'no' },
          ],
        }),
        diagnostics: [
          { pointer: '/tools/0/input_schema', severity: 'error' },
          { pointer: '/tools/1/annotations', severity: 'error' },
          { pointer: '/tools/1/deprecated', severity: 'error' },
        ],
      },
      {
        description: 'execution with an unknown member and a bad taskSupport; typed annotation hints',
        document: exampleDocument({
          tools: [
            {
              name: 'a',
              execution: { taskSupport: 'always', timeout: 5 },
              annotations: { readOnlyHint: 'true' },
              tags: ['x', 1],
            },
          ],
        }),
        diagnostics: [
          { pointer: '/tools/0/annotations/readOnlyHint', severity: 'error' },
          { pointer: '/tools/0/execution/timeout', severity: 'error' },
          { pointer: '/tools/0/execution/taskSupport', severity: 'error' },
          { pointer: '/tools/0/tags/1', severity: 'error' },
        ],
      },
      {
        description: 'missing name, a non-object tool',
        document: exampleDocument({ tools: [{ description: 'no name' }, 'tool'] }),
        diagnostics: [
          { pointer: '/tools/0', severity: 'error' },
          { pointer: '/tools/1', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    return collectionVisitor(context, ELEMENT, 'tools', 'Tool');
  },
};

export default rule satisfies Rule;
