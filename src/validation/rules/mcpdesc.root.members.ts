// The root object (§3.2, §3.6): only the members of the root table and `x-` extensions, the required
// ones present, `$schema` a string, the collections (tools, resources, resourceTemplates, prompts,
// tags) arrays. The values of the other members are judged by the rules that own
// them (info, transports, security...). Older versions differ only here: 0.4.0 has `transport`
// (singular) and the legacy `metadata`, `lifecycle` and `_generated` objects; 0.5.1 dropped
// `_generated`, 0.6.0 dropped `metadata` and `lifecycle` and added root `tags`. 0.8.0 (§3.2, §3.3,
// §4.9) requires `protocolVersions` instead of `transports`, adds `instructions`, `securitySchemes`
// and `components`, makes root `security` a Security Requirement Array, and forbids a present but
// empty collection.

import { quote } from '../../quote.js';
import type { SpecVersion } from '../../types.js';
import type { Rule } from '../rule.js';
import { before080, COLLECTION_KEYS, levels } from '../rule.js';
import { closedObject, EMAIL, STRING, STRING_ARRAY, URI } from '../schema/blocks.js';
import { jsonType } from '../schema/errors.js';
import type { FragmentSet, StructuralRule } from '../schema/fragment.js';
import { PROTOCOL_SCOPE, SECURITY_REQUIREMENTS } from '../schema/mcp.js';
import { fragmentHandle } from '../schema/validators.js';
import { checkValue } from '../schema/visitors.js';
import { exampleDocument080 } from './semantic-examples.js';

const ID = 'mcpdesc.root.members';

const COMMON = ['$schema', 'mcpdesc', 'info', 'security', 'capabilities', 'tools', 'resources'];
const PRIMITIVES_TAIL = ['resourceTemplates', 'prompts'];

const ROOT_080 = [
  '$schema',
  'mcpdesc',
  'info',
  'protocolVersions',
  'instructions',
  'transports',
  'securitySchemes',
  'security',
  'components',
  'capabilities',
  'tools',
  'resources',
  'resourceTemplates',
  'prompts',
  'tags',
];

/** The root members each version defines, in the order of its root table. */
export function rootMembers(version: SpecVersion): readonly string[] {
  const base = [...COMMON, ...PRIMITIVES_TAIL];
  switch (version) {
    case '0.8.0':
      return ROOT_080;
    case '0.4.0':
      return [...base, 'transport', 'lifecycle', 'metadata', '_generated'];
    case '0.5.0':
      return [...base, 'transports', 'lifecycle', 'metadata', '_generated'];
    case '0.5.1':
    case '0.5.2':
      return [...base, 'transports', 'lifecycle', 'metadata'];
    default:
      return [...base, 'transports', 'tags'];
  }
}

/** The member holding the transports: `transport` before 0.5.0 renamed it. */
export function transportsKey(version: SpecVersion): 'transport' | 'transports' {
  return version === '0.4.0' ? 'transport' : 'transports';
}

const LIFECYCLE = closedObject({
  status: { type: 'string', enum: ['draft', 'active', 'deprecated', 'retired'] },
  effectiveDate: STRING,
});

const METADATA = {
  type: 'object',
  properties: {
    authors: { type: 'array', items: closedObject({ name: STRING, url: URI, email: EMAIL }) },
    documentation: URI,
    repository: URI,
    tags: STRING_ARRAY,
  },
};

const GENERATED = closedObject({ tool: STRING, version: STRING, generatedAt: STRING, sourceDump: STRING });

function fragments(version: SpecVersion): FragmentSet {
  if (version === '0.8.0') {
    return {
      $schema: STRING,
      protocolVersions: PROTOCOL_SCOPE,
      instructions: STRING,
      security: SECURITY_REQUIREMENTS,
    };
  }
  const set: Record<string, Record<string, unknown>> = { $schema: STRING };
  const members = rootMembers(version);
  if (members.includes('lifecycle')) set.lifecycle = LIFECYCLE;
  if (members.includes('metadata')) set.metadata = METADATA;
  if (members.includes('_generated')) set._generated = GENERATED;
  return set;
}

const base = {
  info: { name: 'a', version: '1' },
  transports: [{ type: 'stdio', command: 'a' }],
  tools: [{ name: 't' }],
};

/** Root members named with it are extensions, allowed in every version. */
const EXTENSION_PREFIX = 'x-';

/** Root members whose value this rule judges (the others belong to their own rules). */
const COLLECTIONS: ReadonlySet<string> = new Set(COLLECTION_KEYS);
const VALUE_PARTS = new Map(
  ['$schema', 'lifecycle', 'metadata', '_generated', 'protocolVersions', 'instructions', 'security'].map(
    (k) => [k, fragmentHandle(ID, k)],
  ),
);

const rule: StructuralRule = {
  id: ID,
  description: 'The root object has only the members of its table and x- extensions, with the required ones.',
  specSection: '3.2',
  levels: levels('error'),
  fragments,
  screen: {
    schema(version) {
      if (version === null || version === '0.8.0') return null;
      const { members, required } = shapeOf(version);
      const collections = COLLECTION_KEYS.filter((key) => members.includes(key));
      return {
        required: [...required],
        propertyNames: { anyOf: [{ enum: [...members] }, { pattern: `^${EXTENSION_PREFIX}` }] },
        properties: {
          ...Object.fromEntries(collections.map((key) => [key, { type: 'array' }])),
          ...fragments(version),
        },
      };
    },
    covers: before080,
  },
  examples: {
    valid: [
      {
        description: 'extensions of any type',
        document: { mcpdesc: '0.7.0', ...base, 'x-acme': null, 'x-list': [1], $schema: 'https://x.example' },
      },
      {
        description: '0.8.0: only info and protocolVersions required; every member of its root table',
        document: exampleDocument080({
          $schema: 'https://mcpdesc.org/schema/mcp-description/0.8.0.json',
          instructions: 'Search before modifying.',
          transports: [{ type: 'stdio', command: 'a' }],
          securitySchemes: { key: { type: 'apiKey', name: 'X-Key', in: 'header' } },
          security: [{}, { key: [] }],
          components: { schemas: { S: { type: 'object' } } },
          capabilities: [{ tools: { listChanged: true } }],
          'x-acme': true,
        }),
      },
      {
        description: '0.4.0 with transport (singular) and its legacy objects',
        document: {
          mcpdesc: '0.4.0',
          info: { name: 'a', version: '1' },
          transport: [{ type: 'stdio', command: 'a' }],
          tools: [],
          lifecycle: { status: 'active' },
          metadata: { documentation: 'https://docs.example.com', tags: ['x'], custom: true },
          _generated: { tool: 'gen' },
        },
      },
    ],
    invalid: [
      {
        description: '0.8.0: protocolVersions missing, an empty collection, an unknown protocol revision',
        document: {
          mcpdesc: '0.8.0',
          info: { name: 'a', version: '1' },
          transports: [{ type: 'stdio', command: 'a' }],
          resources: [],
          components: { schemas: { S: { type: 'object' } } },
          instructions: 'Search first.',
        },
        diagnostics: [
          { pointer: '/resources', severity: 'error' },
          { pointer: '', severity: 'error' },
        ],
      },
      {
        description: '0.8.0: root protocolVersions and security typed; 0.7.0 members unknown',
        document: exampleDocument080({
          protocolVersions: ['2026-07-28', '2027-01-01', '2026-07-28'],
          security: [{ oauth: 'read' }],
          instructions: 7,
          metadata: {},
        }),
        diagnostics: [
          { pointer: '/protocolVersions/1', severity: 'error' },
          { pointer: '/protocolVersions/0', severity: 'error' },
          { pointer: '/security/0/oauth', severity: 'error' },
          { pointer: '/instructions', severity: 'error' },
          { pointer: '/metadata', severity: 'error' },
        ],
      },
      {
        description: 'an unknown member, an unknown collection and a non-string $schema',
        document: { mcpdesc: '0.7.0', ...base, servers: [], metadata: {}, $schema: 1 },
        diagnostics: [
          { pointer: '/servers', severity: 'error' },
          { pointer: '/metadata', severity: 'error' },
          { pointer: '/$schema', severity: 'error' },
        ],
      },
      {
        description: 'collections that are not arrays',
        document: { mcpdesc: '0.7.0', ...base, tools: { get_forecast: {} }, resources: 'x', tags: null },
        diagnostics: [
          { pointer: '/tools', severity: 'error' },
          { pointer: '/resources', severity: 'error' },
          { pointer: '/tags', severity: 'error' },
        ],
      },
      {
        description: 'required info and transports missing',
        document: { mcpdesc: '0.7.0', tools: [] },
        diagnostics: [
          { pointer: '', severity: 'error' },
          { pointer: '', severity: 'error' },
        ],
      },
      {
        description: '0.5.0 uses transports; 0.4.0 members and root tags are unknown there',
        document: { mcpdesc: '0.5.0', ...base, transport: [], tags: [], lifecycle: { status: 'gone' } },
        diagnostics: [
          { pointer: '/transport', severity: 'error' },
          { pointer: '/tags', severity: 'error' },
          { pointer: '/lifecycle/status', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    const version = context.version;
    if (version === null || context.rootType !== 'object') return {};
    const { allowed, list, required } = shapeOf(version);
    const nonEmpty = version === '0.8.0';
    let missing = required;
    const checkKey = (key: string): boolean => {
      if (allowed.has(key) || key.startsWith(EXTENSION_PREFIX)) return true;
      context.report(
        [key],
        `Unknown root member ${quote(key)} in mcpdesc ${version}; allowed: ${list}, or an x- extension`,
      );
      return false;
    };
    const see = (key: string) => {
      if (missing.length > 0 && missing.includes(key)) missing = missing.filter((k) => k !== key);
    };
    return {
      start() {
        missing = required;
      },
      member(key, value) {
        see(key);
        if (!checkKey(key)) return;
        // Collections arrive here only when they are not arrays (arrays are visited element by element).
        if (COLLECTIONS.has(key)) {
          context.report([key], `"${key}" must be an array, found ${jsonType(value)}`);
          return;
        }
        const handle = VALUE_PARTS.get(key);
        if (handle !== undefined) checkValue(context, handle, value, [key], `"${key}"`);
      },
      collectionEnd(collection, length) {
        see(collection);
        if (!checkKey(collection)) return;
        // §3.3: a present ordinary collection has an entry; a producer omits it instead.
        if (length === 0 && nonEmpty) {
          context.report([collection], `"${collection}" must not be empty; omit it when it has no entries`);
        }
      },
      finish() {
        for (const key of missing) context.report([], `The document is missing the required member "${key}"`);
      },
    };
  },
};

interface Shape {
  members: readonly string[];
  allowed: ReadonlySet<string>;
  list: string;
  required: readonly string[];
}

/** Per-version lookups, built once (documents are many and small). */
const shapes = new Map<SpecVersion, Shape>();
function shapeOf(version: SpecVersion): Shape {
  let shape = shapes.get(version);
  if (shape === undefined) {
    const members = rootMembers(version);
    shape = {
      members,
      allowed: new Set(members),
      list: members.join(', '),
      required: ['info', version === '0.8.0' ? 'protocolVersions' : transportsKey(version)],
    };
    shapes.set(version, shape);
  }
  return shape;
}

export default rule satisfies Rule;
