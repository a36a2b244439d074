// Security scheme objects (§7.2–§7.4), at the root and, since 0.5.0, on each transport (§6.4):
// only the table's members, typed, `type` and `in` from their enums, OAuth flows and their URLs.
// The per-type requirements (http needs scheme...) are mcpdesc.security.scheme-conditional's.
import type { SpecVersion } from '../../types.js';
import type { Rule } from '../rule.js';
import { levels } from '../rule.js';
import { atMember, closedObject, STRING, URI } from '../schema/blocks.js';
import { reportErrors } from '../schema/errors.js';
import type { FragmentSet, StructuralRule } from '../schema/fragment.js';
import { fragmentHandle } from '../schema/validators.js';
import { transportsKey } from './mcpdesc.root.members.js';

const ID = 'mcpdesc.security.scheme-members';

const OAUTH_FLOW = closedObject({
  authorizationUrl: URI,
  tokenUrl: URI,
  refreshUrl: URI,
  scopes: { type: 'object', additionalProperties: STRING },
});

const SCHEME = closedObject(
  {
    type: { type: 'string', enum: ['http', 'apiKey', 'oauth2', 'openIdConnect'] },
    scheme: STRING,
    bearerFormat: STRING,
    name: STRING,
    in: { type: 'string', enum: ['header', 'query', 'cookie'] },
    flows: closedObject({
      implicit: OAUTH_FLOW,
      password: OAUTH_FLOW,
      clientCredentials: OAUTH_FLOW,
      authorizationCode: OAUTH_FLOW,
    }),
    openIdConnectUrl: URI,
    description: STRING,
  },
  ['type'],
);

function fragments(_version: SpecVersion): FragmentSet {
  return { schemes: { type: 'array', items: SCHEME } };
}

const base = {
  mcpdesc: '0.7.0',
  info: { name: 'a', version: '1' },
  tools: [{ name: 't' }],
};

const FRAGMENT = fragmentHandle(ID, 'schemes');

const rule: StructuralRule = {
  id: ID,
  description: 'Security schemes, at the root and on transports, have only their defined members, typed.',
  specSection: '7.2',
  levels: levels('error'),
  fragments,
  // The root list, and (since 0.5.0) each transport's own list.
  screen: {
    schema(version) {
      if (version === null) return null;
      const schemes = fragments(version).schemes!;
      const perTransport =
        version === '0.4.0' ? {} : { [transportsKey(version)]: { items: atMember('security', schemes) } };
      return { properties: { security: schemes, ...perTransport } };
    },
  },
  examples: {
    valid: [
      {
        description: 'bearer, api key and OAuth2 schemes; an empty transport override',
        document: {
          ...base,
          transports: [
            {
              type: 'streamable-http',
              url: 'https://e.example/mcp',
              security: [{ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }],
            },
            { type: 'stdio', command: 'a', security: [] },
          ],
          security: [
            { type: 'apiKey', name: 'X-Key', in: 'header', description: 'd' },
            {
              type: 'oauth2',
              flows: {
                authorizationCode: {
                  authorizationUrl: 'https://auth.example.com/authorize',
                  tokenUrl: 'https://auth.example.com/token',
                  scopes: { 'games:read': 'Read games' },
                },
              },
            },
          ],
        },
      },
    ],
    invalid: [
      {
        description: 'unknown type, bad location, flow URL and scope, unknown member, transport-level',
        document: {
          ...base,
          transports: [
            { type: 'streamable-http', url: 'https://e.example/mcp', security: [{ type: 'mutualTLS' }] },
          ],
          security: [
            { type: 'apiKey', name: 'k', in: 'body' },
            { type: 'oauth2', flows: { implicit: { authorizationUrl: 'not a url', scopes: { a: 1 } } } },
            { scheme: 'bearer', token: 'x' },
          ],
        },
        diagnostics: [
          { pointer: '/transports/0/security/0/type', severity: 'error' },
          { pointer: '/security/0/in', severity: 'error' },
          { pointer: '/security/1/flows/implicit/authorizationUrl', severity: 'error' },
          { pointer: '/security/1/flows/implicit/scopes/a', severity: 'error' },
          { pointer: '/security/2', severity: 'error' },
          { pointer: '/security/2/token', severity: 'error' },
        ],
      },
      {
        description: 'security is not an array',
        document: { ...base, transports: [{ type: 'stdio', command: 'a' }], security: { type: 'http' } },
        diagnostics: [{ pointer: '/security', severity: 'error' }],
      },
    ],
  },
  create(context) {
    const version = context.version;
    const fragment = FRAGMENT.get(version);
    if (version === null || fragment === null) return {};
    const transports = transportsKey(version);
    const perTransport = version !== '0.4.0';
    const check = (value: unknown, path: Array<string | number>, owner: string) => {
      const errors = fragment.check(value);
      if (errors === null) return;
      reportErrors(context.report, errors, path, `${owner} "security"`, (i) =>
        `${owner} security scheme ${i}`.trimStart(),
      );
    };
    return {
      member(key, value) {
        if (key === 'security') check(value, ['security'], 'Root');
        else if (key === transports && perTransport && Array.isArray(value)) {
          for (let i = 0; i < value.length; i++) {
            const transport = value[i] as unknown;
            if (transport !== null && typeof transport === 'object' && Object.hasOwn(transport, 'security')) {
              check(
                (transport as Record<string, unknown>).security,
                [transports, i, 'security'],
                `Transport ${i}`,
              );
            }
          }
        }
      },
    };
  },
};

export default rule satisfies Rule;
