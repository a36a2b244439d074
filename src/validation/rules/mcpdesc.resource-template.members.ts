// The Resource Template object (§10.2.1): only its table's properties, each with its type. The
// template's RFC 6570 syntax is mcpdesc.resource-template.uri-template's.
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
import {
  extensibleObject,
  PRIMITIVE_MEMBERS_080,
  PROTOCOL_SCOPE,
  RESOURCE_ANNOTATIONS,
} from '../schema/mcp.js';
import { fragmentHandle } from '../schema/validators.js';
import { collectionVisitor } from '../schema/visitors.js';
import { exampleDocument, exampleDocument080 } from './semantic-examples.js';

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

/** §10.2.1: as a Resource, with `uriTemplate` and completion examples instead of `uri` and `size`. */
const TEMPLATE_080 = extensibleObject(
  {
    protocolVersions: PROTOCOL_SCOPE,
    uriTemplate: STRING,
    name: STRING,
    title: STRING,
    description: STRING,
    mimeType: STRING,
    annotations: RESOURCE_ANNOTATIONS,
    examples: OWNED_ELSEWHERE,
    completionExamples: OWNED_ELSEWHERE,
    ...PRIMITIVE_MEMBERS_080,
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
  fragments: (version) => ({ element: version === '0.8.0' ? TEMPLATE_080 : TEMPLATE }),
  screen: { schema: () => atElements('resourceTemplates', TEMPLATE), covers: before080 },
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
        description: '0.8.0: size is a Resource member only; scoped elicitations non-empty',
        document: exampleDocument080({
          resourceTemplates: [
            {
              uriTemplate: 'test://r/{id}',
              name: 'r',
              size: 3,
              elicitations: [],
              protocolVersions: ['1999'],
            },
          ],
        }),
        diagnostics: [
          { pointer: '/resourceTemplates/0/size', severity: 'error' },
          { pointer: '/resourceTemplates/0/protocolVersions/0', severity: 'error' },
          { pointer: '/resourceTemplates/0/elicitations', severity: 'error' },
        ],
      },
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
