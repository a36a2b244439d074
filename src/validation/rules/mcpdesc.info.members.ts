// The Info object (§5): its table's members only, each with its type; non-empty name and version;
// protocolVersion one of the recognized MCP protocol versions (§5.2); uri formats on the Contact and
// License objects (§5.3, §5.4); an email outside RFC 5322 is mcpdesc.email.address's warning (§14.6).
// `icons` is judged by mcpdesc.icon.members. 0.8.0 (§5.1) drops `protocolVersion` (root
// `protocolVersions` replaces it) and lets Info, Contact and License carry `x-` extensions (§14.2).
import type { Rule } from '../rule.js';
import { before080, levels } from '../rule.js';
import {
  atMember,
  closedObject,
  EMAIL,
  NON_EMPTY_STRING,
  OWNED_ELSEWHERE,
  STRING,
  URI,
} from '../schema/blocks.js';
import { reportErrors } from '../schema/errors.js';
import type { StructuralRule } from '../schema/fragment.js';
import { extensibleObject } from '../schema/mcp.js';
import { fragmentHandle } from '../schema/validators.js';
import { exampleDocument, exampleDocument080 } from './semantic-examples.js';

const ID = 'mcpdesc.info.members';

export const PROTOCOL_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];

const INFO = closedObject(
  {
    name: NON_EMPTY_STRING,
    version: NON_EMPTY_STRING,
    title: STRING,
    description: STRING,
    protocolVersion: { type: 'string', enum: PROTOCOL_VERSIONS },
    id: STRING,
    icons: OWNED_ELSEWHERE,
    websiteUrl: URI,
    contact: closedObject({ name: STRING, url: URI, email: EMAIL }),
    license: closedObject({ name: STRING, url: URI }, ['name']),
  },
  ['name', 'version'],
);

const INFO_080 = extensibleObject(
  {
    name: NON_EMPTY_STRING,
    version: NON_EMPTY_STRING,
    title: STRING,
    description: STRING,
    id: STRING,
    icons: OWNED_ELSEWHERE,
    websiteUrl: URI,
    contact: extensibleObject({ name: STRING, url: URI, email: EMAIL }),
    license: extensibleObject({ name: STRING, url: URI }, ['name']),
  },
  ['name', 'version'],
);

const FRAGMENT = fragmentHandle(ID, 'info');

const rule: StructuralRule = {
  id: ID,
  description: 'The info object has only its defined members, typed, with a non-empty name and version.',
  specSection: '5.1',
  levels: levels('error'),
  fragments: (version) => ({ info: version === '0.8.0' ? INFO_080 : INFO }),
  screen: { schema: () => atMember('info', INFO), covers: before080 },
  examples: {
    valid: [
      {
        description: 'every member',
        document: exampleDocument({
          info: {
            name: 'chess',
            version: '2.1.0',
            title: 'Chess',
            description: 'd',
            protocolVersion: '2025-06-18',
            id: 'urn:mcp:chess',
            icons: [{ src: 'https://e.example/i.png' }],
            websiteUrl: 'https://chess.example.com',
            contact: { name: 'Team', url: 'https://chess.example.com/c', email: 'chess@example.com' },
            license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
          },
        }),
      },
    ],
    invalid: [
      {
        description: '0.8.0: protocolVersion is gone; extensions, not unknown members, on contact',
        document: exampleDocument080({
          info: {
            name: 'a',
            version: '1',
            protocolVersion: '2025-06-18',
            contact: { name: 'Team', team: 'x', 'x-team': 'y' },
            'x-owner': 'platform',
          },
        }),
        diagnostics: [
          { pointer: '/info/protocolVersion', severity: 'error' },
          { pointer: '/info/contact/team', severity: 'error' },
        ],
      },
      {
        description:
          'empty name, unknown protocol version, email not a string, license without name, extra member',
        document: exampleDocument({
          info: {
            name: '',
            version: '1',
            protocolVersion: '2025-01-01',
            contact: { email: 42 },
            license: { url: 'https://opensource.org/licenses/MIT' },
            homepage: 'https://x.example',
          },
        }),
        diagnostics: [
          { pointer: '/info/homepage', severity: 'error' },
          { pointer: '/info/name', severity: 'error' },
          { pointer: '/info/protocolVersion', severity: 'error' },
          { pointer: '/info/contact/email', severity: 'error' },
          { pointer: '/info/license', severity: 'error' },
        ],
      },
      {
        description: 'info is not an object',
        document: exampleDocument({ info: 'chess' }),
        diagnostics: [{ pointer: '/info', severity: 'error' }],
      },
      {
        description: 'missing version, websiteUrl not a URI',
        document: exampleDocument({ info: { name: 'a', websiteUrl: 'chess example' } }),
        diagnostics: [
          { pointer: '/info', severity: 'error' },
          { pointer: '/info/websiteUrl', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    const fragment = FRAGMENT.get(context.version);
    if (fragment === null) return {};
    return {
      member(key, value) {
        if (key !== 'info') return;
        const errors = fragment.check(value);
        if (errors !== null) reportErrors(context.report, errors, ['info'], '"info"');
      },
    };
  },
};

export default rule satisfies Rule;
