// Our own sample documents for the structural tests, one per supported version, and the corpus
// generator's seeded mutator that derives many near-miss documents from them (wrong types, missing and
// unknown members, duplicated elements). Used by the standalone-vs-runtime test and the oracle tests.
import type { SpecVersion } from '../../../../src/types.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A document exercising most members of 0.7.0, written for these tests. */
export function sample070(): Record<string, Json> {
  return {
    $schema: 'https://example.com/schema/0.7.0',
    mcpdesc: '0.7.0',
    info: {
      name: 'harbor-tides',
      title: 'Harbor Tides',
      version: '3.2.1',
      description: 'Tide tables and berth bookings for a small harbor',
      protocolVersion: '2025-11-25',
      id: 'urn:mcp:harbor-tides',
      icons: [{ src: 'https://harbor.example.org/icon.png', mimeType: 'image/png', sizes: ['48x48'] }],
      websiteUrl: 'https://harbor.example.org',
      contact: {
        name: 'Harbor Office',
        url: 'https://harbor.example.org/contact',
        email: 'office@harbor.example.org',
      },
      license: { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
    },
    transports: [
      {
        type: 'streamable-http',
        url: 'https://harbor.example.org/mcp',
        security: [{ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }],
      },
      { type: 'stdio', command: 'harbor', args: ['mcp'], env: { HARBOR_DB: '/var/harbor.db' }, security: [] },
      { type: 'sse', url: 'https://harbor.example.org/sse' },
    ],
    security: [
      { type: 'apiKey', name: 'X-Harbor-Key', in: 'header', description: 'Issued by the harbor office' },
      {
        type: 'oauth2',
        flows: {
          clientCredentials: {
            tokenUrl: 'https://auth.harbor.example.org/token',
            scopes: { 'berths:write': 'Book berths' },
          },
        },
      },
      {
        type: 'openIdConnect',
        openIdConnectUrl: 'https://auth.harbor.example.org/.well-known/openid-configuration',
      },
    ],
    capabilities: {
      tools: { listChanged: true },
      resources: { subscribe: false, listChanged: true },
      prompts: { listChanged: false },
      logging: {},
      tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
    },
    tools: [
      {
        name: 'tide_table',
        title: 'Tide table',
        description: 'High and low water for a date',
        inputSchema: { type: 'object', properties: { date: { type: 'string' } }, required: ['date'] },
        outputSchema: { type: 'object' },
        annotations: { readOnlyHint: true, openWorldHint: false },
        execution: { taskSupport: 'forbidden' },
        tags: ['tides', 'constructor'],
        deprecated: false,
        _meta: { 'harbor/v': 1 },
      },
      {
        name: 'book_berth',
        inputSchema: { type: 'object' },
        annotations: { destructiveHint: false, idempotentHint: false },
        icons: [{ src: 'data:image/png;base64,iVBORw0KGgo=', theme: 'dark' }],
        tags: ['berths'],
      },
    ],
    resources: [
      { uri: 'harbor://berths', name: 'berths', mimeType: 'application/json', size: 2048, tags: ['berths'] },
    ],
    resourceTemplates: [
      { uriTemplate: 'harbor://berths/{id}', name: 'berth', annotations: {}, tags: ['__proto__'] },
    ],
    prompts: [
      {
        name: 'plan_arrival',
        arguments: [
          { name: 'vessel', required: true },
          { name: 'eta', title: 'ETA' },
        ],
        tags: ['toString'],
      },
    ],
    tags: [
      { name: 'tides', description: 'Water levels' },
      { name: 'berths' },
      { name: '__proto__' },
      { name: 'constructor' },
      { name: 'toString' },
    ],
    'x-harbor-region': 'north',
  };
}

/** A document exercising most members of 0.8.0: scopes, named schemes, components, examples. */
export function sample080(): Record<string, Json> {
  const done = (text: string): Json => ({ resultType: 'complete', content: [{ type: 'text', text }] });
  return {
    $schema: 'https://mcpdesc.org/schema/mcp-description/0.8.0.json',
    mcpdesc: '0.8.0',
    info: {
      name: 'harbor-tides',
      title: 'Harbor Tides',
      version: '3.2.1',
      description: 'Tide tables and berth bookings for a small harbor',
      icons: [{ src: 'https://harbor.example.org/icon.png', mimeType: 'image/png', sizes: ['48x48'] }],
      websiteUrl: 'https://harbor.example.org',
      contact: { name: 'Harbor office', email: 'office@harbor.example.org', 'x-desk': 4 },
      license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
      'x-harbor-team': 'operations',
    },
    protocolVersions: ['2025-11-25', '2026-07-28'],
    instructions: 'Read the tide table before booking a berth.',
    transports: [
      {
        type: 'streamable-http',
        url: 'https://harbor.example.org/mcp',
        security: [{ oauth: ['berths:read'] }],
      },
      { type: 'stdio', command: 'harbor-tides', args: ['serve'], env: { HARBOR_DB: '/data/harbor.db' } },
    ],
    securitySchemes: {
      oauth: {
        type: 'oauth2',
        flows: {
          authorizationCode: {
            authorizationUrl: 'https://auth.harbor.example.org/authorize',
            tokenUrl: 'https://auth.harbor.example.org/token',
            scopes: { 'berths:read': 'Read bookings', 'berths:write': 'Book berths' },
          },
        },
      },
      key: { type: 'apiKey', name: 'X-Harbor-Key', in: 'header' },
    },
    security: [{ oauth: ['berths:read'] }, { key: [] }],
    components: {
      schemas: {
        Day: { type: 'object', properties: { date: { type: 'string', format: 'date' } }, required: ['date'] },
      },
      toolExamples: { today: { input: { date: '2026-09-01' }, result: done('High tide 06:12') } },
    },
    capabilities: [
      {
        protocolVersions: ['2025-11-25'],
        tools: { listChanged: true },
        tasks: { requests: { tools: { call: {} } } },
      },
      {
        protocolVersions: ['2026-07-28'],
        tools: { listChanged: true },
        extensions: { 'io.modelcontextprotocol/tasks': {} },
      },
    ],
    tools: [
      {
        name: 'get_tides',
        protocolVersions: ['2026-07-28'],
        title: 'Get Tides',
        description: 'Tide times for a day',
        inputSchema: { $componentRef: '#/components/schemas/Day' },
        annotations: { readOnlyHint: true },
        examples: { today: { $componentRef: '#/components/toolExamples/today' } },
        tags: ['tides'],
      },
      {
        name: 'book_berth',
        protocolVersions: ['2025-11-25'],
        inputSchema: {
          type: 'object',
          properties: { berth: { type: 'integer', minimum: 1 }, date: { type: 'string' } },
          required: ['berth', 'date'],
          additionalProperties: false,
        },
        execution: { taskSupport: 'optional' },
        security: [{ oauth: ['berths:write'] }],
        elicitations: [
          {
            name: 'confirm',
            mode: 'form',
            message: 'Confirm the booking?',
            requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
          },
        ],
        tags: ['berths'],
      },
      {
        name: 'book_berth',
        protocolVersions: ['2026-07-28'],
        inputSchema: {
          type: 'object',
          properties: { berth: { type: 'integer', minimum: 1 }, date: { type: 'string' } },
          required: ['berth', 'date'],
          additionalProperties: false,
        },
        clientRequirements: { elicitation: { form: {} } },
        security: [{ oauth: ['berths:write'] }],
        tags: ['berths'],
        'x-harbor-review': 'required',
      },
    ],
    resources: [
      {
        uri: 'harbor://berths',
        name: 'berths',
        mimeType: 'application/json',
        annotations: { audience: ['user'], priority: 0.5 },
        tags: ['berths'],
      },
    ],
    resourceTemplates: [
      {
        uriTemplate: 'harbor://tides/{date}',
        name: 'tides_by_day',
        mimeType: 'application/json',
        tags: ['tides'],
      },
    ],
    prompts: [
      {
        name: 'plan_visit',
        arguments: [{ name: 'boat', required: true }, { name: 'days' }],
        tags: ['berths'],
      },
    ],
    tags: [
      { name: 'tides', description: 'Tide data' },
      { name: 'berths', 'x-color': 'blue' },
    ],
    'x-harbor-region': 'north',
  };
}

/** The sample rewritten for an older version: the members that version had instead of 0.7.0's. */
export function sampleFor(version: SpecVersion): Record<string, Json> {
  if (version === '0.8.0') return sample080();
  const doc = sample070();
  doc.mcpdesc = version;
  if (version === '0.6.0') {
    (doc.tags as Json[]).push({ name: 'nested', tags: [{ name: 'inner' }] });
    return doc;
  }
  if (version === '0.7.0') return doc;
  delete doc.tags;
  doc.lifecycle = { status: 'active', effectiveDate: '2026-03-01' };
  doc.metadata = { documentation: 'https://harbor.example.org/docs', tags: ['harbor'] };
  if (version === '0.4.0' || version === '0.5.0') doc._generated = { tool: 'hand', version: '1' };
  if (version === '0.4.0') {
    const transports = doc.transports as Array<Record<string, Json>>;
    for (const t of transports) delete t.security;
    doc.transport = transports;
    delete doc.transports;
  }
  return doc;
}

export { mutants, mutate, rng } from '../../../../corpus/generator/mutate.js';

/**
 * Put `value` into the container at `path` of `doc`: pushed onto an array, else set as own property
 * `key` (defineProperty, so "__proto__" is an ordinary member as JSON.parse makes it).
 */
export function plant(doc: unknown, path: ReadonlyArray<string | number>, key: string, value: unknown): void {
  let target: unknown = doc;
  for (const s of path) target = (target as Record<string | number, unknown>)[s];
  if (Array.isArray(target)) target.push(value);
  else Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
