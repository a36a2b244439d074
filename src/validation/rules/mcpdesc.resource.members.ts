// The Resource object (§10.1.1): only its table's properties, each with its type. The URI is not
// format-checked: §10.1.2 allows custom schemes and only RECOMMENDS a valid URI.
import type { Rule } from '../rule.js';
import { before080, levels } from '../rule.js';
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
import {
  extensibleObject,
  PRIMITIVE_MEMBERS_080,
  PROTOCOL_SCOPE,
  RESOURCE_ANNOTATIONS,
} from '../schema/mcp.js';
import { fragmentHandle } from '../schema/validators.js';
import { collectionVisitor } from '../schema/visitors.js';
import { exampleDocument, exampleDocument080 } from './semantic-examples.js';

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

/** §10.1.1, §10.3: scoped, with typed annotations, named examples, elicitations, security, extensions. */
const RESOURCE_080 = extensibleObject(
  {
    protocolVersions: PROTOCOL_SCOPE,
    uri: STRING,
    name: STRING,
    title: STRING,
    description: STRING,
    mimeType: STRING,
    size: NUMBER,
    annotations: RESOURCE_ANNOTATIONS,
    examples: OWNED_ELSEWHERE,
    ...PRIMITIVE_MEMBERS_080,
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
  fragments: (version) => ({ element: version === '0.8.0' ? RESOURCE_080 : RESOURCE }),
  screen: { schema: () => atElements('resources', RESOURCE), covers: before080 },
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
        description: '0.8.0: annotations typed (audience values, priority from 0 to 1), tags non-empty',
        document: exampleDocument080({
          resources: [
            {
              uri: 'test://r',
              name: 'r',
              annotations: { audience: ['operator'], priority: 2, futureHint: true },
              tags: [],
              'x-owner': 'docs',
              owner: 'docs',
            },
          ],
        }),
        diagnostics: [
          { pointer: '/resources/0/owner', severity: 'error' },
          { pointer: '/resources/0/annotations/audience/0', severity: 'error' },
          { pointer: '/resources/0/annotations/priority', severity: 'error' },
          { pointer: '/resources/0/tags', severity: 'error' },
        ],
      },
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
