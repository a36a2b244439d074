// Elicitation Declaration Objects (§12.2–§12.4) in the `elicitations` arrays of tools, resources,
// resource templates and prompts: a name matching ^[A-Za-z0-9._-]+$ and unique within its primitive,
// an explicit `mode`, a non-empty message; `when`, `onDecline` and `onCancel` non-empty when present;
// form mode with a `requestedSchema` (inline or a Reference Object) and no `url`, URL mode with no
// `requestedSchema` and at most a syntactically valid `url`; `x-` extensions allowed (§14.2). The
// restricted vocabulary of a form schema is mcpdesc.elicitation.form-schema's.
import { quote } from '../../quote.js';
import { isObject } from '../json-schema/values.js';
import type { CollectionKey, Rule } from '../rule.js';
import { levels080 } from '../rule.js';
import { FORBIDDEN, NON_EMPTY_STRING, OPEN_OBJECT, URI } from '../schema/blocks.js';
import { reportErrors } from '../schema/errors.js';
import type { SchemaFragment, StructuralRule } from '../schema/fragment.js';
import { extensibleObject, LOCAL_NAME, PROTOCOL_SCOPE, referenceOr, union } from '../schema/mcp.js';
import { fragmentHandle } from '../schema/validators.js';
import { entitySubject } from '../schema/visitors.js';
import { exampleDocument080, exampleTool } from './semantic-examples.js';

const ID = 'mcpdesc.elicitation.members';

const COMMON: Record<string, SchemaFragment> = {
  name: { type: 'string', pattern: LOCAL_NAME },
  message: NON_EMPTY_STRING,
  when: NON_EMPTY_STRING,
  onDecline: NON_EMPTY_STRING,
  onCancel: NON_EMPTY_STRING,
  protocolVersions: PROTOCOL_SCOPE,
};

const DECLARATION = union('mode', [
  extensibleObject(
    { mode: { const: 'form' }, ...COMMON, requestedSchema: referenceOr(OPEN_OBJECT), url: FORBIDDEN },
    ['name', 'mode', 'message', 'requestedSchema'],
  ),
  extensibleObject({ mode: { const: 'url' }, ...COMMON, url: URI, requestedSchema: FORBIDDEN }, [
    'name',
    'mode',
    'message',
  ]),
]);

export const PRIMITIVE_NOUNS: Readonly<Record<string, string>> = {
  tools: 'Tool',
  resources: 'Resource',
  resourceTemplates: 'Resource template',
  prompts: 'Prompt',
};

const FRAGMENT = fragmentHandle(ID, 'declaration');

const rule: StructuralRule = {
  id: ID,
  description: 'Elicitation declarations have a unique name, a mode with its members, and a message.',
  specSection: '12.2',
  collections: ['tools', 'resources', 'resourceTemplates', 'prompts'],
  levels: levels080('error'),
  fragments: (version) => (version === '0.8.0' ? { declaration: DECLARATION } : null),
  examples: {
    valid: [
      {
        description: 'a form declaration, a URL declaration without a known URL, an extension',
        document: exampleDocument080({
          tools: [
            exampleTool({
              elicitations: [
                {
                  name: 'choose_assignee',
                  mode: 'form',
                  when: 'No assignee was supplied.',
                  message: 'Who should own this issue?',
                  requestedSchema: { type: 'object', properties: { assignee: { type: 'string' } } },
                  onDecline: 'Leave it unassigned.',
                  'x-review': 'routine',
                },
                { name: 'authorize', mode: 'url', message: 'Authorize access.' },
              ],
            }),
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'form mode with a URL, URL mode with a schema, no mode, an empty message, a bad name',
        document: exampleDocument080({
          resources: [
            {
              uri: 'example:///account',
              name: 'account',
              elicitations: [
                { name: 'mixed', mode: 'form', message: 'Details?', url: 'not a URI', requestedSchema: {} },
                { name: 'auth', mode: 'url', message: 'Authorize.', requestedSchema: { type: 'object' } },
                { name: 'modeless', message: 'Hi' },
                { name: 'bad name', mode: 'url', message: '' },
                { name: 'form', mode: 'form', message: 'Fill in.' },
              ],
            },
          ],
        }),
        diagnostics: [
          { pointer: '/resources/0/elicitations/0/url', severity: 'error' },
          { pointer: '/resources/0/elicitations/1/requestedSchema', severity: 'error' },
          { pointer: '/resources/0/elicitations/2', severity: 'error' },
          { pointer: '/resources/0/elicitations/3/name', severity: 'error' },
          { pointer: '/resources/0/elicitations/3/message', severity: 'error' },
          { pointer: '/resources/0/elicitations/4', severity: 'error' },
        ],
      },
      {
        description: 'a name used twice in one prompt (a name may repeat across primitives)',
        document: exampleDocument080({
          prompts: [
            {
              name: 'release',
              elicitations: [
                { name: 'channel', mode: 'url', message: 'Choose.' },
                { name: 'channel', mode: 'url', message: 'Choose again.' },
              ],
            },
            { name: 'other', elicitations: [{ name: 'channel', mode: 'url', message: 'Choose.' }] },
          ],
        }),
        diagnostics: [{ pointer: '/prompts/0/elicitations/1/name', severity: 'error' }],
      },
    ],
  },
  create(context) {
    const fragment = FRAGMENT.get(context.version);
    if (fragment === null) return {};
    const check = (collection: CollectionKey, index: number, primitive: Record<string, unknown>) => {
      const declarations = primitive.elicitations;
      if (!Array.isArray(declarations)) return;
      const owner = entitySubject(PRIMITIVE_NOUNS[collection]!, primitive, index);
      const seen = new Map<string, number>();
      for (let i = 0; i < declarations.length; i++) {
        const declaration: unknown = declarations[i];
        const path = [collection, index, 'elicitations', i];
        const errors = fragment.check(declaration);
        const name = isObject(declaration) ? declaration.name : undefined;
        const subject = `${owner} elicitation ${typeof name === 'string' ? quote(name) : i}`;
        if (errors !== null) reportErrors(context.report, errors, path, subject);
        if (typeof name !== 'string') continue;
        const first = seen.get(name);
        if (first === undefined) seen.set(name, i);
        else {
          context.report(
            [...path, 'name'],
            `${subject}: the name is already used by elicitation ${first} of the same ${PRIMITIVE_NOUNS[collection]!.toLowerCase()}; names are unique within a declaration`,
          );
        }
      }
    };
    return {
      element(collection, index, value) {
        if (collection === 'tags' || !isObject(value) || !Object.hasOwn(value, 'elicitations')) return;
        check(collection, index, value);
      },
    };
  },
};

export default rule satisfies Rule;
