// The Prompt object (§11.1) and its Prompt Argument objects (§11.2): only their tables' properties,
// each with its type.
import type { Rule } from '../rule.js';
import { levels } from '../rule.js';
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
import { fragmentHandle } from '../schema/validators.js';
import { collectionVisitor } from '../schema/visitors.js';
import { exampleDocument } from './semantic-examples.js';

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

const ELEMENT = fragmentHandle(ID, 'element');

const rule: StructuralRule = {
  id: ID,
  description: 'A prompt and its arguments have only the properties of their tables, each typed.',
  specSection: '11.1',
  collections: ['prompts'],
  levels: levels('error'),
  fragments: () => ({ element: PROMPT }),
  screen: { schema: () => atElements('prompts', PROMPT) },
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
