// The seed rule (0.9.0-rc.3 `mcpdesc.tool.members`, 0.7.0 §9.1): a Tool has only the properties of
// the §9.1 table, each with its defined type. Annotations (§9.3) are typed but open for forward
// compatibility; the Execution object (§9.4) accepts only `taskSupport`, from its enum.
// Schema validity of inputSchema/outputSchema is mcpdesc.tool.schema-valid's, icons are
// mcpdesc.icon.members', duplicate tags mcpdesc.entity-tags.shape's; before 0.8.0 a missing
// inputSchema and an empty name are mcpdesc.tool.input-schema-present's and
// mcpdesc.tool.name-nonempty's warnings.
//
// 0.8.0 (§9.1, §9.2) requires a non-empty name and an inputSchema (inline with an object root, or a
// Reference Object), adds protocol scopes, security, client requirements, named examples and
// non-empty `elicitations` and `tags`, and lets a Tool carry `x-` extensions. That table is the draft
// 0.9.0-rc.3 rule as its seed states it, so under `--target 0.9.0-rc.3` an older document's tools get
// the draft's requirements here too: its table plus `elicitations`, a non-empty name, an inputSchema.
// Examples, elicitation declarations and client requirements have rules of their own.
import { DRAFT_VERSION } from '../../types.js';
import type { Rule } from '../rule.js';
import { before080, levels } from '../rule.js';
import {
  atElements,
  BOOLEAN,
  closedObject,
  NON_EMPTY_STRING,
  OPEN_OBJECT,
  OWNED_ELSEWHERE,
  openObject,
  STRING,
  STRING_ARRAY,
} from '../schema/blocks.js';
import type { SchemaFragment, StructuralRule } from '../schema/fragment.js';
import {
  extensibleObject,
  nonEmptyArray,
  PRIMITIVE_MEMBERS_080,
  PROTOCOL_SCOPE,
  referenceOr,
  TOOL_ANNOTATIONS,
} from '../schema/mcp.js';
import { fragmentHandle } from '../schema/validators.js';
import { collectionVisitor } from '../schema/visitors.js';
import { exampleDocument, exampleDocument080, exampleTool } from './semantic-examples.js';

const ID = 'mcpdesc.tool.members';

export const TASK_SUPPORT = ['forbidden', 'optional', 'required'];

const TOOL_PROPERTIES: Record<string, SchemaFragment> = {
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
};

const TOOL = closedObject(TOOL_PROPERTIES, ['name']);

/**
 * The draft's requirements on an earlier version's tool (`--target 0.9.0-rc.3`): a non-empty name, an
 * inputSchema, and `elicitations` as a member of the table, a non-empty array of declaration objects.
 */
const TOOL_SEED = closedObject(
  {
    ...TOOL_PROPERTIES,
    name: NON_EMPTY_STRING,
    elicitations: nonEmptyArray({ type: 'object' }),
  },
  ['name', 'inputSchema'],
);

/** An inline input schema describes an object (§9.2): its root says `"type": "object"`. */
const OBJECT_ROOT: SchemaFragment = {
  type: 'object',
  required: ['type'],
  properties: { type: { const: 'object' } },
};

const TOOL_080 = extensibleObject(
  {
    protocolVersions: PROTOCOL_SCOPE,
    name: NON_EMPTY_STRING,
    title: STRING,
    description: STRING,
    inputSchema: referenceOr(OBJECT_ROOT),
    outputSchema: referenceOr(OPEN_OBJECT),
    annotations: TOOL_ANNOTATIONS,
    execution: closedObject({ taskSupport: { type: 'string', enum: TASK_SUPPORT } }),
    examples: OWNED_ELSEWHERE,
    interactionExamples: OWNED_ELSEWHERE,
    ...PRIMITIVE_MEMBERS_080,
  },
  ['name', 'inputSchema'],
);

const ELEMENT = fragmentHandle(ID, 'element');
const SEED = fragmentHandle(ID, 'seed');

const rule: StructuralRule = {
  id: ID,
  description:
    'A tool has the required properties and only those of the Section 9.1 table, each with its defined type.',
  specSection: '9.1',
  collections: ['tools'],
  levels: levels('error'),
  fragments: (version) => (version === '0.8.0' ? { element: TOOL_080 } : { element: TOOL, seed: TOOL_SEED }),
  screen: { schema: () => atElements('tools', TOOL), covers: before080 },
  examples: {
    valid: [
      {
        description: '0.8.0: every property of the table, a referenced inputSchema, extensions',
        document: exampleDocument080({
          components: { schemas: { In: { type: 'object' } } },
          tools: [
            {
              protocolVersions: ['2026-07-28'],
              name: 'get_forecast',
              title: 'Forecast',
              description: 'd',
              inputSchema: { $componentRef: '#/components/schemas/In' },
              outputSchema: { type: 'array' },
              annotations: { readOnlyHint: true, futureHint: 'x' },
              icons: [{ src: 'https://e.example/i.png' }],
              tags: ['weather'],
              elicitations: [{ name: 'confirm', mode: 'url', message: 'Authorize.' }],
              deprecated: false,
              _meta: { 'com.example/tier': 1 },
              security: [],
              clientRequirements: { elicitation: { url: {} } },
              'x-acme-governance': { risk: 'low' },
            },
          ],
        }),
      },
      {
        description: 'a 0.7.0 tool that meets the draft Tool rule (--target 0.9.0-rc.3)',
        document: exampleDocument({
          tools: [exampleTool({ elicitations: [{ name: 'confirm', mode: 'form', message: 'Sure?' }] })],
        }),
        target: '0.9.0-rc.3',
      },
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
        description: '0.8.0: no inputSchema, an empty name, empty elicitations and tags, an unknown member',
        document: exampleDocument080({
          tools: [
            { name: 'missing_schema', 'x-relaxed': { inputSchemaOptional: true } },
            { name: '', inputSchema: { type: 'object' }, elicitations: [], tags: [], acmeRisk: 'high' },
          ],
        }),
        diagnostics: [
          { pointer: '/tools/0', severity: 'error' },
          { pointer: '/tools/1/acmeRisk', severity: 'error' },
          { pointer: '/tools/1/name', severity: 'error' },
          { pointer: '/tools/1/tags', severity: 'error' },
          { pointer: '/tools/1/elicitations', severity: 'error' },
        ],
      },
      {
        description: '0.8.0: an inline inputSchema without an object root; a Reference Object with a sibling',
        document: exampleDocument080({
          tools: [
            { name: 'a', inputSchema: { type: 'array' } },
            { name: 'b', inputSchema: { properties: {} } },
            { name: 'c', inputSchema: { $componentRef: '#/components/schemas/In', type: 'object' } },
          ],
        }),
        diagnostics: [
          { pointer: '/tools/0/inputSchema/type', severity: 'error' },
          { pointer: '/tools/1/inputSchema', severity: 'error' },
          { pointer: '/tools/2/inputSchema/type', severity: 'error' },
        ],
      },
      {
        description: 'the draft 0.9.0-rc.3 Tool rule on a 0.9.0-rc.3 document (its seed examples)',
        document: {
          ...exampleDocument080({
            tools: [
              { name: 'missing_schema' },
              { name: 'asks', inputSchema: { type: 'object' }, elicitations: [] },
              { name: '', inputSchema: { type: 'object' } },
            ],
          }),
          mcpdesc: '0.9.0-rc.3',
        },
        diagnostics: [
          { pointer: '/tools/0', severity: 'error' },
          { pointer: '/tools/1/elicitations', severity: 'error' },
          { pointer: '/tools/2/name', severity: 'error' },
        ],
      },
      {
        description: 'the draft Tool rule as a forward check of a 0.7.0 document (--target 0.9.0-rc.3)',
        document: exampleDocument({
          tools: [
            { name: 'missing_schema' },
            exampleTool({ name: 'asks', elicitations: [] }),
            exampleTool({ name: '' }),
            exampleTool({ name: 'asks_twice', elicitations: [{ name: 'confirm' }, 'confirm'] }),
          ],
        }),
        target: '0.9.0-rc.3',
        diagnostics: [
          { pointer: '/tools/0', severity: 'error' },
          { pointer: '/tools/1/elicitations', severity: 'error' },
          { pointer: '/tools/2/name', severity: 'error' },
          { pointer: '/tools/3/elicitations/1', severity: 'error' },
        ],
      },
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
    // Documents checked as 0.8.0 use the 0.8.0 column (engine.ts resolveColumn): the draft column is
    // the forward check of earlier versions.
    const forward = context.target === DRAFT_VERSION;
    return collectionVisitor(context, forward ? SEED : ELEMENT, 'tools', 'Tool');
  },
};

export default rule satisfies Rule;
