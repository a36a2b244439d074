// The Prompt object (§11.1) and its Prompt Argument objects (§11.2): only their tables' properties,
// each with its type.
import type { Rule } from '../rule.js';
import { before080, levels } from '../rule.js';
import {
  atElements,
  BOOLEAN,
  closedObject,
  OPEN_OBJECT,
  OWNED_ELSEWHERE,
  STRING,
  STRING_ARRAY,
} from '../schema/blocks.js';
import type { StructuralRule } from '../schema/fragment.js';
import { extensibleObject, nonEmptyArray, PRIMITIVE_MEMBERS_080, PROTOCOL_SCOPE } from '../schema/mcp.js';
import { fragmentHandle } from '../schema/validators.js';
import { collectionVisitor } from '../schema/visitors.js';
import { exampleDocument, exampleDocument080 } from './semantic-examples.js';

const ID = 'mcpdesc.prompt.members';

const ARGUMENT = closedObject({ name: STRING, title: STRING, description: STRING, required: BOOLEAN }, [
  'name',
]);

const PROMPT = closedObject(
  {
    name: STRING,
    title: STRING,
    description: STRING,
    arguments: { type: 'array', items: ARGUMENT },
    icons: OWNED_ELSEWHERE,
    tags: STRING_ARRAY,
    deprecated: BOOLEAN,
    _meta: OPEN_OBJECT,
  },
  ['name'],
);

/** §11.1, §11.2: scoped, non-empty arguments (each may carry `x-` extensions), examples, extensions. */
const PROMPT_080 = extensibleObject(
  {
    protocolVersions: PROTOCOL_SCOPE,
    name: STRING,
    title: STRING,
    description: STRING,
    arguments: nonEmptyArray(
      extensibleObject({ name: STRING, title: STRING, description: STRING, required: BOOLEAN }, ['name']),
    ),
    examples: OWNED_ELSEWHERE,
    completionExamples: OWNED_ELSEWHERE,
    ...PRIMITIVE_MEMBERS_080,
  },
  ['name'],
);

const ELEMENT = fragmentHandle(ID, 'element');

const rule: StructuralRule = {
  id: ID,
  description: 'A prompt and its arguments have only the properties of their tables, each typed.',
  specSection: '11.1',
  collections: ['prompts'],
  levels: levels('error'),
  fragments: (version) => ({ element: version === '0.8.0' ? PROMPT_080 : PROMPT }),
  screen: { schema: () => atElements('prompts', PROMPT), covers: before080 },
  examples: {
    valid: [
      {
        description: 'a prompt with arguments',
        document: exampleDocument({
          prompts: [
            {
              name: 'analyze_position',
              title: 'Analyze',
              description: 'd',
              arguments: [{ name: 'fen', title: 'FEN', description: 'd', required: true }, { name: 'side' }],
              icons: [],
              tags: ['analysis'],
              deprecated: false,
              _meta: {},
            },
          ],
        }),
      },
    ],
    invalid: [
      {
        description: '0.8.0: empty arguments; an argument extension is allowed, an unknown member is not',
        document: exampleDocument080({
          prompts: [
            { name: 'empty', arguments: [] },
            { name: 'p', arguments: [{ name: 'style', 'x-source': 'profile', default: 'brief' }] },
          ],
        }),
        diagnostics: [
          { pointer: '/prompts/0/arguments', severity: 'error' },
          { pointer: '/prompts/1/arguments/0/default', severity: 'error' },
        ],
      },
      {
        description: 'an argument without name, a string "required", a JSON-Schema-style argument list',
        document: exampleDocument({
          prompts: [
            { name: 'p', arguments: [{ description: 'x' }, { name: 'a', required: 'yes' }] },
            { name: 'q', arguments: { type: 'object' } },
          ],
        }),
        diagnostics: [
          { pointer: '/prompts/0/arguments/0', severity: 'error' },
          { pointer: '/prompts/0/arguments/1/required', severity: 'error' },
          { pointer: '/prompts/1/arguments', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    return collectionVisitor(context, ELEMENT, 'prompts', 'Prompt');
  },
};

export default rule satisfies Rule;
