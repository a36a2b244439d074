// The Resource Template object (§10.2.1): only its table's properties, each with its type. The
// template's RFC 6570 syntax is mcpdesc.resource-template.uri-template's.
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

const ID = 'mcpdesc.resource-template.members';

const TEMPLATE = closedObject(
  {
    uriTemplate: STRING,
    name: STRING,
    title: STRING,
    description: STRING,
    mimeType: STRING,
    annotations: OPEN_OBJECT,
    icons: OWNED_ELSEWHERE,
    tags: STRING_ARRAY,
    deprecated: BOOLEAN,
    _meta: OPEN_OBJECT,
  },
  ['uriTemplate', 'name'],
);

const ELEMENT = fragmentHandle(ID, 'element');

const rule: StructuralRule = {
  id: ID,
  description: 'A resource template has only the properties of its table, each with its defined type.',
  specSection: '10.2.1',
  collections: ['resourceTemplates'],
  levels: levels('error'),
  fragments: () => ({ element: TEMPLATE }),
  screen: { schema: () => atElements('resourceTemplates', TEMPLATE) },
  examples: {
    valid: [
      {
        description: 'a template with every property',
        document: exampleDocument({
          resourceTemplates: [
            {
              uriTemplate: 'chess://games/{game_id}',
              name: 'game',
              title: 'Game',
              description: 'd',
              mimeType: 'application/json',
              annotations: {},
              icons: [],
              tags: ['game'],
              deprecated: false,
              _meta: {},
            },
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'uri instead of uriTemplate, and a size (resources only)',
        document: exampleDocument({ resourceTemplates: [{ uri: 'chess://games/{id}', name: 'g', size: 3 }] }),
        diagnostics: [
          { pointer: '/resourceTemplates/0', severity: 'error' },
          { pointer: '/resourceTemplates/0/uri', severity: 'error' },
          { pointer: '/resourceTemplates/0/size', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    return collectionVisitor(context, ELEMENT, 'resourceTemplates', 'Resource template');
  },
};

export default rule satisfies Rule;
