// Transport objects (§6.2, §6.5). Each transport is checked against the branch its `type` selects,
// so a bad transport gets exactly one diagnostic naming what is wrong with it, never the flood a
// `oneOf` over three branches produces. A missing or unknown `type` is one diagnostic naming the
// allowed types. Transport-level `security` (since 0.5.0) is judged by mcpdesc.security.scheme-members.
// 0.8.0 (§6.2, §6.6): every transport may be protocol-scoped, its `security` is a Security Requirement
// Array, and it may carry `x-` extensions.

import { quote } from '../../quote.js';
import type { SpecVersion } from '../../types.js';
import type { Rule } from '../rule.js';
import { levels } from '../rule.js';
import {
  atMember,
  closedObject,
  OWNED_ELSEWHERE,
  STRING,
  STRING_ARRAY,
  URI,
  when,
} from '../schema/blocks.js';
import { jsonType, summarizeErrors } from '../schema/errors.js';
import type { FragmentSet, SchemaFragment, StructuralRule } from '../schema/fragment.js';
import { extensibleObject, PROTOCOL_SCOPE, SECURITY_REQUIREMENTS } from '../schema/mcp.js';
import { fragmentHandle } from '../schema/validators.js';
import { transportsKey } from './mcpdesc.root.members.js';
import { exampleDocument, exampleDocument080 } from './semantic-examples.js';

const ID = 'mcpdesc.transport.members';

export const TRANSPORT_TYPES = ['streamable-http', 'stdio', 'sse'] as const;

function branches(version: SpecVersion): Record<string, SchemaFragment> {
  if (version === '0.8.0') return branches080();
  // 0.5.0 added the transport-scoped `security` array (§6.4).
  const security: Record<string, SchemaFragment> = version === '0.4.0' ? {} : { security: OWNED_ELSEWHERE };
  return {
    'streamable-http': closedObject({ type: { const: 'streamable-http' }, url: URI, ...security }, [
      'type',
      'url',
    ]),
    stdio: closedObject(
      {
        type: { const: 'stdio' },
        command: STRING,
        args: STRING_ARRAY,
        env: { type: 'object', additionalProperties: STRING },
        ...security,
      },
      ['type', 'command'],
    ),
    sse: closedObject({ type: { const: 'sse' }, url: URI, ...security }, ['type', 'url']),
  };
}

function branches080(): Record<string, SchemaFragment> {
  const common = { protocolVersions: PROTOCOL_SCOPE, security: SECURITY_REQUIREMENTS };
  return {
    'streamable-http': extensibleObject({ type: { const: 'streamable-http' }, url: URI, ...common }, [
      'type',
      'url',
    ]),
    stdio: extensibleObject(
      {
        type: { const: 'stdio' },
        command: STRING,
        args: STRING_ARRAY,
        env: { type: 'object', additionalProperties: STRING },
        ...common,
      },
      ['type', 'command'],
    ),
    sse: extensibleObject({ type: { const: 'sse' }, url: URI, ...common }, ['type', 'url']),
  };
}

function fragments(version: SpecVersion): FragmentSet {
  return { list: { type: 'array', minItems: 1 }, ...branches(version) };
}

const LIST = fragmentHandle(ID, 'list');
const BRANCHES = new Map(TRANSPORT_TYPES.map((type) => [type as string, fragmentHandle(ID, type)]));
const ALLOWED = TRANSPORT_TYPES.join(', ');

const rule: StructuralRule = {
  id: ID,
  description: 'Each transport has the members its type defines, typed; the list has at least one.',
  specSection: '6.2',
  levels: levels('error'),
  fragments,
  // The list, then each transport as the visitor dispatches it: an object whose `type` selects a branch.
  screen: {
    schema(version) {
      if (version === null) return null;
      const set = fragments(version);
      return atMember(transportsKey(version), {
        ...set.list,
        items: {
          type: 'object',
          required: ['type'],
          properties: { type: { enum: [...TRANSPORT_TYPES] } },
          allOf: TRANSPORT_TYPES.map((type) => when({ properties: { type: { const: type } } }, set[type]!)),
        },
      });
    },
  },
  examples: {
    valid: [
      {
        description: 'all three types, with transport-level security',
        document: exampleDocument({
          transports: [
            { type: 'streamable-http', url: 'https://e.example/mcp', security: [] },
            { type: 'stdio', command: 'srv', args: ['mcp'], env: { DB: '/data' } },
            { type: 'sse', url: 'https://e.example/sse' },
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'one diagnostic per bad transport, whatever the number of its problems',
        document: exampleDocument({
          transports: [
            { type: 'stdio', url: 'https://e.example/mcp', args: 'mcp' },
            { type: 'websocket', url: 'wss://e.example' },
            { url: 'https://e.example/mcp' },
            'stdio',
            { type: 'sse', url: 'https://e.example/sse' },
          ],
        }),
        diagnostics: [
          { pointer: '/transports/0', severity: 'error' },
          { pointer: '/transports/1/type', severity: 'error' },
          { pointer: '/transports/2', severity: 'error' },
          { pointer: '/transports/3', severity: 'error' },
        ],
      },
      {
        description: 'a single problem is pointed at where it is, inside the transport',
        document: exampleDocument({
          transports: [
            { type: 'stdio', command: 'srv', args: ['mcp', 1] },
            { type: 'stdio', command: 'srv', env: { DB: 1, LOG: 2 } },
            { type: 'streamable-http', url: 'not a url' },
          ],
        }),
        diagnostics: [
          { pointer: '/transports/0/args/1', severity: 'error' },
          { pointer: '/transports/1/env', severity: 'error' },
          { pointer: '/transports/2/url', severity: 'error' },
        ],
      },
      {
        description: '0.8.0: scoped transports with requirement arrays and extensions; bad ones',
        document: exampleDocument080({
          transports: [
            { type: 'stdio', command: 'a', protocolVersions: [], 'x-runtime': 'local' },
            { type: 'sse', url: 'https://e.example/sse', security: [{ key: 'read' }] },
            { type: 'stdio', command: 'a', security: [], 'x-ok': 1, protocolVersions: ['2026-07-28'] },
          ],
        }),
        diagnostics: [
          { pointer: '/transports/0/protocolVersions', severity: 'error' },
          { pointer: '/transports/1/security/0/key', severity: 'error' },
        ],
      },
      {
        description: 'an empty list',
        document: exampleDocument({ transports: [] }),
        diagnostics: [{ pointer: '/transports', severity: 'error' }],
      },
      {
        description: 'security on a 0.4.0 transport (added in 0.5.0)',
        document: {
          mcpdesc: '0.4.0',
          info: { name: 'a', version: '1' },
          transport: [{ type: 'stdio', command: 'a', security: [] }],
          tools: [],
        },
        diagnostics: [{ pointer: '/transport/0/security', severity: 'error' }],
      },
    ],
  },
  create(context) {
    const version = context.version;
    if (version === null) return {};
    const key = transportsKey(version);
    const list = LIST.get(version)!;
    return {
      member(member, value) {
        if (member !== key) return;
        if (!list.fast(value)) {
          context.report(
            [key],
            Array.isArray(value)
              ? `"${key}" must list at least one transport`
              : `"${key}" must be an array of transports, found ${jsonType(value)}`,
          );
          return;
        }
        const transports = value as unknown[];
        for (let i = 0; i < transports.length; i++) {
          const transport = transports[i];
          if (transport === null || typeof transport !== 'object' || Array.isArray(transport)) {
            context.report([key, i], `Transport ${i} must be an object, found ${jsonType(transport)}`);
            continue;
          }
          const type = (transport as Record<string, unknown>).type;
          const branch =
            typeof type === 'string' && (TRANSPORT_TYPES as readonly string[]).includes(type)
              ? BRANCHES.get(type)!.get(version)
              : null;
          if (branch === null) {
            if (Object.hasOwn(transport, 'type')) {
              context.report(
                [key, i, 'type'],
                `Transport ${i} has type ${quote(type)}; allowed types: ${ALLOWED}`,
              );
            } else {
              context.report([key, i], `Transport ${i} has no "type"; allowed types: ${ALLOWED}`);
            }
            continue;
          }
          const errors = branch.check(transport);
          if (errors === null) continue;
          const { at, message } = summarizeErrors(errors, `Transport ${i} (${type})`);
          context.report([key, i, ...at], message);
        }
      },
    };
  },
};

export default rule satisfies Rule;
