// Realistic registry-like content: server documents of 1–40 tools with 100–600-character
// descriptions and nested input schemas, valid against mcpdesc 0.7.0 (no errors, no warnings), so
// that every finding in a generated corpus comes from a defect the manifest records.
import type { Rng } from './random.js';

const WORDS = [
  'account',
  'address',
  'agent',
  'alert',
  'archive',
  'article',
  'asset',
  'audit',
  'balance',
  'batch',
  'billing',
  'blob',
  'board',
  'branch',
  'bucket',
  'build',
  'cache',
  'calendar',
  'campaign',
  'card',
  'catalog',
  'channel',
  'chart',
  'checkout',
  'cluster',
  'comment',
  'commit',
  'company',
  'config',
  'contact',
  'container',
  'contract',
  'customer',
  'dashboard',
  'dataset',
  'deal',
  'deployment',
  'device',
  'document',
  'domain',
  'draft',
  'email',
  'event',
  'expense',
  'feed',
  'file',
  'flight',
  'folder',
  'forecast',
  'form',
  'game',
  'graph',
  'group',
  'invoice',
  'issue',
  'job',
  'label',
  'lead',
  'ledger',
  'link',
  'list',
  'location',
  'log',
  'match',
  'meeting',
  'message',
  'metric',
  'model',
  'note',
  'order',
  'package',
  'page',
  'payment',
  'photo',
  'pipeline',
  'playlist',
  'policy',
  'post',
  'price',
  'product',
  'profile',
  'project',
  'query',
  'quote',
  'record',
  'release',
  'report',
  'repository',
  'review',
  'route',
  'schedule',
  'secret',
  'segment',
  'session',
  'shipment',
  'snapshot',
  'song',
  'space',
  'stock',
  'subscription',
  'task',
  'team',
  'template',
  'ticket',
  'token',
  'track',
  'transaction',
  'trip',
  'user',
  'video',
  'volume',
  'webhook',
  'weather',
  'workflow',
  'workspace',
];
const VERBS = [
  'get',
  'list',
  'search',
  'create',
  'update',
  'delete',
  'fetch',
  'sync',
  'export',
  'import',
  'analyze',
  'summarize',
  'archive',
  'restore',
  'validate',
  'schedule',
  'cancel',
  'approve',
  'publish',
  'translate',
];
const PROSE = [
  'Returns the matching records ordered by relevance, with pagination cursors for large result sets.',
  'The call is idempotent when the same request identifier is supplied twice within 24 hours.',
  'Requires an API key with read scope; write operations additionally need the admin role.',
  'Timestamps are ISO 8601 in UTC. Missing optional fields fall back to the workspace defaults.',
  'Use this tool when the user asks for a summary rather than the raw data — it is cheaper.',
  'Rate limited to 60 requests per minute per token; the server retries 429 responses twice.',
  'Large payloads are truncated to 10,000 characters and a continuation token is returned.',
  'Supports filtering by status, owner and creation date. Unknown filters are ignored.',
  'The response includes a machine-readable error code when the upstream service is unavailable.',
  'Works with both personal and organisation accounts; shared items are included by default.',
  'Données localisées : les noms sont renvoyés dans la langue préférée de l’utilisateur.',
  'Unicode names such as “Zürich — Hauptbahnhof” and 東京 are preserved exactly.',
  'Escapes in inputs are handled: quotes ("), backslashes (\\) and tabs\tare accepted.',
];
export const TAG_NAMES = [
  'analytics',
  'billing',
  'communication',
  'data',
  'devops',
  'documents',
  'finance',
  'media',
  'productivity',
  'search',
  'security',
  'social',
  'storage',
  'travel',
  'utilities',
];
export const PROTOCOL_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const;
const PRIMITIVE_TYPES = ['string', 'integer', 'number', 'boolean'] as const;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

function cap(word: string): string {
  return word[0]!.toUpperCase() + word.slice(1);
}

/** A description of 100–600 characters built from sentences. */
export function description(rng: Rng, subject: string): string {
  const target = rng.int(100, 600);
  let text = `${cap(rng.pick(VERBS))}s ${subject} for the connected ${rng.pick(WORDS)} service.`;
  while (text.length < target) text += ` ${rng.pick(PROSE)}`;
  if (text.length > 600) text = `${text.slice(0, 599).trimEnd()}.`;
  return text;
}

function leafSchema(rng: Rng, name: string): JsonObject {
  const type = rng.pick(PRIMITIVE_TYPES);
  const schema: JsonObject = { type, description: `The ${name.replace(/_/g, ' ')} to use.` };
  if (type === 'string' && rng.chance(0.25)) schema.enum = rng.sample(WORDS, rng.int(2, 5));
  if (type === 'string' && rng.chance(0.15)) schema.format = rng.pick(['date-time', 'email', 'uri']);
  if (type === 'integer' && rng.chance(0.4)) {
    schema.minimum = 0;
    schema.maximum = rng.pick([10, 100, 1000]);
  }
  if (type === 'string' && rng.chance(0.2)) schema.maxLength = rng.pick([64, 256, 4096]);
  return schema;
}

/** An object schema with nested objects and arrays, `depth` levels deep at most. */
export function objectSchema(rng: Rng, depth: number): JsonObject {
  const properties: JsonObject = {};
  const names = rng.sample(WORDS, rng.int(1, depth > 1 ? 6 : 4));
  for (const word of names) {
    const name = rng.chance(0.3) ? `${word}_id` : word;
    const roll = rng.next();
    if (depth > 1 && roll < 0.15) properties[name] = objectSchema(rng, depth - 1);
    else if (depth > 1 && roll < 0.25)
      properties[name] = { type: 'array', items: objectSchema(rng, depth - 1), maxItems: 50 };
    else if (roll < 0.35) properties[name] = { type: 'array', items: leafSchema(rng, name) };
    else properties[name] = leafSchema(rng, name);
  }
  const schema: JsonObject = { type: 'object', properties };
  const required = Object.keys(properties).filter(() => rng.chance(0.4));
  if (required.length > 0) schema.required = required;
  if (rng.chance(0.3)) schema.additionalProperties = false;
  return schema;
}

export function inputSchema(rng: Rng): JsonObject {
  const schema = objectSchema(rng, rng.int(1, 3));
  if (rng.chance(0.15)) {
    // A valid local $ref, so that the unresolvable-$ref defect is not the only $ref in the corpus.
    (schema.properties as JsonObject).filter = { $ref: '#/$defs/filter' };
    schema.$defs = { filter: objectSchema(rng, 1) };
  }
  if (rng.chance(0.1)) schema.$schema = 'https://json-schema.org/draft/2020-12/schema';
  return schema;
}

export interface ToolOptions {
  /** Declared root tag names the tool may reference (null: the document has no root tags). */
  tags: readonly string[] | null;
}

export function tool(rng: Rng, name: string, options: ToolOptions): JsonObject {
  const subject = name.replace(/_/g, ' ');
  const t: JsonObject = { name };
  if (rng.chance(0.4)) t.title = cap(subject);
  t.description = description(rng, subject);
  t.inputSchema = inputSchema(rng);
  if (rng.chance(0.1)) t.outputSchema = objectSchema(rng, 2);
  if (rng.chance(0.3)) {
    t.annotations = {
      readOnlyHint: name.startsWith('get') || name.startsWith('list'),
      destructiveHint: name.startsWith('delete'),
      openWorldHint: rng.chance(0.5),
    };
  }
  if (rng.chance(0.05)) t.execution = { taskSupport: rng.pick(['forbidden', 'optional', 'required']) };
  if (options.tags !== null && options.tags.length > 0 && rng.chance(0.5)) {
    t.tags = rng.sample(options.tags, rng.int(1, Math.min(3, options.tags.length)));
  }
  return t;
}

/** `count` distinct tool names matching `^[A-Za-z0-9_.-]{1,128}$`. */
export function toolNames(rng: Rng, count: number): string[] {
  const names = new Set<string>();
  while (names.size < count) {
    const base = `${rng.pick(VERBS)}_${rng.pick(WORDS)}`;
    names.add(names.has(base) ? `${base}_${names.size}` : base);
  }
  return [...names];
}

export interface ServerDocumentOptions {
  /** Number of tools (1–40 in registry corpora). */
  tools: number;
  serverName: string;
}

/** A complete, valid 0.7.0 server document. */
/** The one resource template a generated server may declare. */
export function itemTemplate(server: string): JsonObject {
  return {
    uriTemplate: `https://api.${server}.example.com/items/{id}{?fields}`,
    name: 'item',
    mimeType: 'application/json',
  };
}

export function serverDocument(rng: Rng, options: ServerDocumentOptions): JsonObject {
  const name = options.serverName;
  const declaredTags = rng.chance(0.35) ? rng.sample(TAG_NAMES, rng.int(2, 6)) : null;
  const doc: JsonObject = {};
  doc.mcpdesc = '0.7.0';
  const info: JsonObject = { name, version: `${rng.int(0, 3)}.${rng.int(0, 20)}.${rng.int(0, 9)}` };
  if (rng.chance(0.6)) info.title = name.split('-').map(cap).join(' ');
  info.description = description(rng, `${name} data`);
  if (rng.chance(0.5)) info.protocolVersion = rng.pick(PROTOCOL_VERSIONS);
  if (rng.chance(0.3)) info.websiteUrl = `https://${name}.example.com/`;
  if (rng.chance(0.2)) info.contact = { name: 'Maintainers', email: `support@${name}.example.com` };
  if (rng.chance(0.3)) info.license = { name: rng.pick(['MIT', 'Apache-2.0', 'BSD-3-Clause']) };
  doc.info = info;
  const transports: Json[] = [];
  if (rng.chance(0.6)) transports.push({ type: 'stdio', command: 'npx', args: ['-y', `@example/${name}`] });
  if (transports.length === 0 || rng.chance(0.3)) {
    transports.push({ type: 'streamable-http', url: `https://mcp.${name}.example.com/mcp` });
  }
  doc.transports = transports;
  if (rng.chance(0.25)) {
    const kind = rng.int(0, 2);
    doc.security = [
      kind === 0
        ? { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }
        : kind === 1
          ? { type: 'apiKey', name: 'X-API-Key', in: 'header' }
          : {
              type: 'oauth2',
              flows: {
                authorizationCode: {
                  authorizationUrl: `https://auth.${name}.example.com/authorize`,
                  tokenUrl: `https://auth.${name}.example.com/token`,
                  scopes: { read: 'Read access' },
                },
              },
            },
    ];
  }
  if (rng.chance(0.3)) doc.capabilities = { tools: { listChanged: rng.chance(0.5) } };
  if (rng.chance(0.15)) doc['x-registry'] = { source: 'generated', rank: rng.int(1, 10_000) };
  doc.tools = toolNames(rng, options.tools).map((n) => tool(rng, n, { tags: declaredTags }));
  if (rng.chance(0.08)) {
    doc.resources = [{ uri: `file:///${name}/readme.md`, name: 'readme', mimeType: 'text/markdown' }];
  }
  if (rng.chance(0.06)) {
    doc.resourceTemplates = [itemTemplate(name)];
  }
  if (rng.chance(0.06)) {
    doc.prompts = [
      {
        name: 'summarize',
        description: description(rng, 'a summary prompt'),
        arguments: [{ name: 'topic', required: true }],
      },
    ];
  }
  if (declaredTags !== null) {
    doc.tags = declaredTags.map((tag) =>
      rng.chance(0.5) ? { name: tag, description: `${cap(tag)} tools` } : { name: tag },
    );
  }
  return doc;
}

export function serverName(rng: Rng, index: number): string {
  return `${rng.pick(WORDS)}-${rng.pick(WORDS)}-${index.toString(36)}`;
}
