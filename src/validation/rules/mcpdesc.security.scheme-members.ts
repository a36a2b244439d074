// Security scheme objects (§7.2–§7.4), at the root and, since 0.5.0, on each transport (§6.4):
// only the table's members, typed, `type` and `in` from their enums, OAuth flows and their URLs.
// The per-type requirements (http needs scheme...) are mcpdesc.security.scheme-conditional's.
// 0.8.0 (§7.1, §7.2) names its schemes in a root `securitySchemes` map (non-empty, names matching
// ^[A-Za-z0-9._-]+$); each scheme is checked against the branch its `type` selects, with the members
// that type requires, and its OAuth flows against their per-flow required URLs (§7.2).

import { quote } from '../../quote.js';
import type { SpecVersion } from '../../types.js';
import { isObject } from '../json-schema/values.js';
import type { Rule } from '../rule.js';
import { before080, levels } from '../rule.js';
import { atMember, closedObject, STRING, URI } from '../schema/blocks.js';
import { reportErrors } from '../schema/errors.js';
import type { FragmentSet, SchemaFragment, StructuralRule } from '../schema/fragment.js';
import { extensibleObject, LOCAL_NAMES } from '../schema/mcp.js';
import { fragmentHandle } from '../schema/validators.js';
import { transportsKey } from './mcpdesc.root.members.js';
import { exampleDocument080 } from './semantic-examples.js';

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

function flow080(required: readonly string[]): SchemaFragment {
  return extensibleObject(
    {
      authorizationUrl: URI,
      tokenUrl: URI,
      refreshUrl: URI,
      scopes: { type: 'object', additionalProperties: STRING },
    },
    ['scopes', ...required],
  );
}

export const OAUTH_FLOWS = ['implicit', 'password', 'clientCredentials', 'authorizationCode'] as const;

const SCHEME_080: SchemaFragment = {
  type: 'object',
  required: ['type'],
  properties: { type: STRING },
  discriminator: { propertyName: 'type' },
  oneOf: [
    extensibleObject({ type: { const: 'http' }, scheme: STRING, bearerFormat: STRING, description: STRING }, [
      'type',
      'scheme',
    ]),
    extensibleObject(
      {
        type: { const: 'apiKey' },
        name: STRING,
        in: { type: 'string', enum: ['header', 'query', 'cookie'] },
        description: STRING,
      },
      ['type', 'name', 'in'],
    ),
    extensibleObject(
      {
        type: { const: 'oauth2' },
        flows: extensibleObject({
          implicit: flow080(['authorizationUrl']),
          password: flow080(['tokenUrl']),
          clientCredentials: flow080(['tokenUrl']),
          authorizationCode: flow080(['authorizationUrl', 'tokenUrl']),
        }),
        description: STRING,
      },
      ['type', 'flows'],
    ),
    extensibleObject({ type: { const: 'openIdConnect' }, openIdConnectUrl: URI, description: STRING }, [
      'type',
      'openIdConnectUrl',
    ]),
  ],
};

function fragments(version: SpecVersion): FragmentSet {
  if (version === '0.8.0') {
    return {
      securitySchemes: {
        type: 'object',
        minProperties: 1,
        propertyNames: LOCAL_NAMES,
        additionalProperties: SCHEME_080,
      },
    };
  }
  return { schemes: { type: 'array', items: SCHEME } };
}

const SCHEMES_080 = fragmentHandle(ID, 'securitySchemes');

/** 0.8.0: the `securitySchemes` map, and (§7.2) at least one flow in each OAuth Flows Object. */
function schemes080(context: Parameters<StructuralRule['create']>[0]) {
  const fragment = SCHEMES_080.get('0.8.0');
  if (fragment === null) return {};
  return {
    member(key: string, value: unknown) {
      if (key !== 'securitySchemes') return;
      const errors = fragment.check(value);
      if (errors !== null) reportErrors(context.report, errors, ['securitySchemes'], '"securitySchemes"');
      if (!isObject(value)) return;
      for (const name of Object.keys(value)) {
        const scheme = value[name];
        if (!isObject(scheme) || scheme.type !== 'oauth2' || !isObject(scheme.flows)) continue;
        const flows = scheme.flows;
        if (OAUTH_FLOWS.some((flow) => Object.hasOwn(flows, flow))) continue;
        context.report(
          ['securitySchemes', name, 'flows'],
          `Security scheme ${quote(name)}: "flows" must have at least one of ${OAUTH_FLOWS.join(', ')}`,
        );
      }
    },
  };
}

const base = {
  mcpdesc: '0.7.0',
  info: { name: 'a', version: '1' },
  tools: [{ name: 't' }],
};

const FRAGMENT = fragmentHandle(ID, 'schemes');

const rule: StructuralRule = {
  id: ID,
  description: 'Security schemes have only their defined members, typed, with those their type requires.',
  specSection: '7.2',
  levels: levels('error'),
  fragments,
  // The root list, and (since 0.5.0) each transport's own list.
  screen: {
    schema(version) {
      if (version === null || version === '0.8.0') return null;
      const schemes = fragments(version).schemes!;
      const perTransport =
        version === '0.4.0' ? {} : { [transportsKey(version)]: { items: atMember('security', schemes) } };
      return { properties: { security: schemes, ...perTransport } };
    },
    covers: before080,
  },
  examples: {
    valid: [
      {
        description: '0.8.0: named schemes of every type, with extensions',
        document: exampleDocument080({
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', 'x-rotation': 'daily' },
            'api-key': { type: 'apiKey', name: 'X-API-Key', in: 'header' },
            oauth: {
              type: 'oauth2',
              flows: {
                clientCredentials: { tokenUrl: 'https://a.example/token', scopes: { read: 'Read' } },
                'x-policy': ['interactive'],
              },
            },
            oidc: {
              type: 'openIdConnect',
              openIdConnectUrl: 'https://a.example/.well-known/openid-configuration',
            },
          },
        }),
      },
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
        description: '0.8.0: a bad name, members of another type, a missing flow URL, no flow at all',
        document: exampleDocument080({
          securitySchemes: {
            'bad name': { type: 'http', scheme: 'bearer' },
            key: { type: 'apiKey', name: 'X-Key', in: 'header', scheme: 'bearer' },
            oauth: {
              type: 'oauth2',
              flows: { authorizationCode: { authorizationUrl: 'https://a.example/auth', scopes: {} } },
            },
            empty: { type: 'oauth2', flows: { 'x-note': 'none yet' } },
            mtls: { type: 'mutualTLS' },
          },
        }),
        diagnostics: [
          { pointer: '/securitySchemes/bad name', severity: 'error' },
          { pointer: '/securitySchemes/key/scheme', severity: 'error' },
          { pointer: '/securitySchemes/oauth/flows/authorizationCode', severity: 'error' },
          { pointer: '/securitySchemes/mtls/type', severity: 'error' },
          { pointer: '/securitySchemes/empty/flows', severity: 'error' },
        ],
      },
      {
        description: '0.8.0: an empty map',
        document: exampleDocument080({ securitySchemes: {} }),
        diagnostics: [{ pointer: '/securitySchemes', severity: 'error' }],
      },
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
    if (version === '0.8.0') return schemes080(context);
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
