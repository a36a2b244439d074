// The Resource object (§10.1.1): only its table's properties, each with its type. The URI is not
// format-checked: §10.1.2 allows custom schemes and only RECOMMENDS a valid URI.
import type { Rule } from '../rule.js';
import { levels } from '../rule.js';
import {
  atElements,
  BOOLEAN,
  closedObject,
  NUMBER,
  OPEN_OBJECT,
  OWNED_ELSEWHERE,
  STRING,
  STRING_ARRAY,
} from '../schema/blocks.js';
import type { StructuralRule } from '../schema/fragment.js';
import { fragmentHandle } from '../schema/validators.js';
import { collectionVisitor } from '../schema/visitors.js';
import { exampleDocument } from './semantic-examples.js';

const ID = 'mcpdesc.resource.members';

const RESOURCE = closedObject(
  {
    uri: STRING,
    name: STRING,
    title: STRING,
    description: STRING,
    mimeType: STRING,
    size: NUMBER,
    annotations: OPEN_OBJECT,
    icons: OWNED_ELSEWHERE,
    tags: STRING_ARRAY,
    deprecated: BOOLEAN,
    _meta: OPEN_OBJECT,
  },
  ['uri', 'name'],
);

const ELEMENT = fragmentHandle(ID, 'element');

const rule: StructuralRule = {
  id: ID,
  description: 'A resource has only the properties of its table, each with its defined type.',
  specSection: '10.1.1',
  collections: ['resources'],
  levels: levels('error'),
  fragments: () => ({ element: RESOURCE }),
  screen: { schema: () => atElements('resources', RESOURCE) },
  examples: {
    valid: [
      {
        description: 'a custom URI scheme and every property',
        document: exampleDocument({
          resources: [
            {
              uri: 'chess://leaderboard/classical',
              name: 'classical',
              title: 'Classical',
              description: 'd',
              mimeType: 'application/json',
              size: 1024,
              annotations: { audience: ['user'] },
              icons: [],
              tags: ['rating'],
              deprecated: true,
              _meta: {},
            },
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'missing uri, a string size, an unknown property',
        document: exampleDocument({ resources: [{ name: 'r', size: '1 KB', url: 'https://e.example' }] }),
        diagnostics: [
          { pointer: '/resources/0', severity: 'error' },
          { pointer: '/resources/0/url', severity: 'error' },
          { pointer: '/resources/0/size', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    return collectionVisitor(context, ELEMENT, 'resources', 'Resource');
  },
};

export default rule satisfies Rule;
