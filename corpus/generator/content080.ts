// Realistic mcpdesc 0.8.0 server documents: the 0.7.0 generator's tools, descriptions and schemas in a
// 0.8.0 document — root protocol coverage, named security schemes and requirements, protocol-scoped
// tool variants, schema components, named examples whose inputs and structured results are valid
// against their tool's schemas, elicitation declarations — valid under 0.8.0 with no errors and no
// warnings, so that every finding in a generated corpus comes from a planted defect.
import {
  description,
  itemTemplate,
  type Json,
  type JsonObject,
  objectSchema,
  TAG_NAMES,
  tool,
  toolNames,
} from './content.js';
import type { Rng } from './random.js';

/** The revisions a generated document covers (the legacy ones get a warning, so they are left out). */
const COVERAGE: ReadonlyArray<readonly string[]> = [
  ['2025-11-25', '2026-07-28'],
  ['2025-11-25', '2026-07-28'],
  ['2026-07-28'],
  ['2026-07-28'],
  ['2025-06-18', '2025-11-25'],
  ['2025-06-18', '2025-11-25', '2026-07-28'],
];

const LATEST = '2026-07-28';

/** A value valid against one of the generator's own schemas (objectSchema, leaf schemas, local $refs). */
export function sampleValue(
  schema: Json | undefined,
  rng: Rng,
  root: JsonObject = schema as JsonObject,
): Json {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return null;
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/$defs/', '');
    return sampleValue(((root.$defs ?? {}) as JsonObject)[name], rng, root);
  }
  if (Array.isArray(schema.enum)) return rng.pick(schema.enum);
  switch (schema.type) {
    case 'object': {
      const out: JsonObject = {};
      const properties = (schema.properties ?? {}) as JsonObject;
      const required = new Set((schema.required ?? []) as string[]);
      for (const name of Object.keys(properties)) {
        if (required.has(name) || rng.chance(0.3)) out[name] = sampleValue(properties[name], rng, root);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: rng.int(0, 2) }, () => sampleValue(schema.items, rng, root));
    case 'integer': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 500;
      return rng.int(min, max);
    }
    case 'number':
      return rng.int(0, 10_000) / 100;
    case 'boolean':
      return rng.chance(0.5);
    default: {
      if (schema.format === 'email') return 'user@example.com';
      if (schema.format === 'uri') return 'https://example.com/item';
      if (schema.format === 'date-time') return '2026-08-24T10:00:00Z';
      return `value-${rng.int(1, 999)}`;
    }
  }
}

/** A completed Tool result for a scope all before 2026-07-28 or all of it (never both: see callers). */
function toolResult(rng: Rng, latest: boolean, output: Json | undefined): JsonObject {
  const result: JsonObject = {};
  if (latest) result.resultType = 'complete';
  result.content = [{ type: 'text', text: `Example output ${rng.int(1, 999)}.` }];
  if (output !== undefined) result.structuredContent = sampleValue(output, rng);
  return result;
}

export interface Tool080Options {
  /** Declared root tag names the tool may reference (null: none). */
  tags: readonly string[] | null;
  /** The tool's effective scope. */
  scope: readonly string[];
  /** Security scheme names a requirement may use, with whether they take scopes (OAuth2). */
  schemes: ReadonlyArray<readonly [string, boolean]>;
  /** A shared input schema to reference instead of an inline one (its component name and value). */
  shared: readonly [string, JsonObject] | null;
}

/** A 0.8.0 tool, valid in every revision of `options.scope`. */
export function tool080(rng: Rng, name: string, options: Tool080Options): JsonObject {
  const t = tool(rng, name, { tags: options.tags });
  const scope = options.scope;
  const onlyLatest = scope.length === 1 && scope[0] === LATEST;
  const noLatest = !scope.includes(LATEST);
  // Tool.execution is MCP 2025-11-25's; a tool schema names its dialect from 2025-11-25 (§9.2).
  if (!(scope.length === 1 && scope[0] === '2025-11-25')) delete t.execution;
  const input = t.inputSchema as JsonObject;
  if (scope.includes('2025-06-18')) delete input.$schema;
  let inputValue: JsonObject = input;
  if (options.shared !== null) {
    t.inputSchema = { $componentRef: `#/components/schemas/${options.shared[0]}` };
    inputValue = options.shared[1];
  }
  if ((onlyLatest || noLatest) && rng.chance(0.3)) {
    const examples: JsonObject = {};
    for (let i = rng.int(1, 2); i > 0; i--) {
      examples[`example-${i}`] = {
        input: sampleValue(inputValue, rng),
        result: toolResult(rng, onlyLatest, t.outputSchema),
      };
    }
    t.examples = examples;
  }
  if (rng.chance(0.1)) {
    const url = scope.every((r) => r !== '2025-06-18') && rng.chance(0.5);
    t.elicitations = [
      url
        ? { name: 'authorize', mode: 'url', message: 'Authorize access to the account.' }
        : {
            name: 'confirm',
            mode: 'form',
            message: 'Continue with this operation?',
            requestedSchema: {
              type: 'object',
              properties: { confirmed: { type: 'boolean' } },
              required: ['confirmed'],
            },
          },
    ];
  }
  if (options.schemes.length > 0 && rng.chance(0.15)) {
    const [scheme, scoped] = rng.pick(options.schemes);
    t.security = rng.chance(0.2) ? [] : [{ [scheme]: scoped ? ['write'] : [] }];
  }
  return t;
}

export interface ServerDocument080Options {
  tools: number;
  serverName: string;
}

function securitySchemes(rng: Rng, name: string): JsonObject {
  switch (rng.int(0, 2)) {
    case 0:
      return { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } };
    case 1:
      return { 'api-key': { type: 'apiKey', name: 'X-API-Key', in: 'header' } };
    default:
      return {
        oauth: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: `https://auth.${name}.example.com/authorize`,
              tokenUrl: `https://auth.${name}.example.com/token`,
              scopes: { read: 'Read access', write: 'Write access' },
            },
          },
        },
      };
  }
}

/** A complete, valid 0.8.0 server document. */
export function serverDocument080(rng: Rng, options: ServerDocument080Options): JsonObject {
  const name = options.serverName;
  const coverage = rng.pick(COVERAGE);
  const declaredTags = rng.chance(0.35) ? rng.sample(TAG_NAMES, rng.int(2, 6)) : null;
  const doc: JsonObject = {};
  if (rng.chance(0.6)) doc.$schema = 'https://mcpdesc.org/schema/mcp-description/0.8.0.json';
  doc.mcpdesc = '0.8.0';
  const info: JsonObject = { name, version: `${rng.int(0, 3)}.${rng.int(0, 20)}.${rng.int(0, 9)}` };
  if (rng.chance(0.6)) info.title = name;
  info.description = description(rng, `${name} data`);
  if (rng.chance(0.3)) info.websiteUrl = `https://${name}.example.com/`;
  if (rng.chance(0.2)) info.contact = { name: 'Maintainers', email: `support@${name}.example.com` };
  if (rng.chance(0.1)) info['x-registry-owner'] = 'platform';
  doc.info = info;
  doc.protocolVersions = [...coverage];
  if (rng.chance(0.3)) doc.instructions = description(rng, 'the server usage');
  const transports: Json[] = [];
  if (rng.chance(0.6)) transports.push({ type: 'stdio', command: 'npx', args: ['-y', `@example/${name}`] });
  if (transports.length === 0 || rng.chance(0.3)) {
    transports.push({ type: 'streamable-http', url: `https://mcp.${name}.example.com/mcp` });
  }
  doc.transports = transports;
  const schemes: Array<readonly [string, boolean]> = [];
  if (rng.chance(0.3)) {
    const declared = securitySchemes(rng, name);
    doc.securitySchemes = declared;
    const [scheme] = Object.keys(declared) as [string];
    const oauth = (declared[scheme] as JsonObject).type === 'oauth2';
    schemes.push([scheme, oauth]);
    doc.security = [{ [scheme]: oauth ? ['read'] : [] }];
  }
  if (rng.chance(0.3)) doc.capabilities = [{ tools: { listChanged: rng.chance(0.5) } }];
  let shared: readonly [string, JsonObject] | null = null;
  if (rng.chance(0.2)) {
    shared = ['SharedInput', objectSchema(rng, 2)];
    doc.components = { schemas: { [shared[0]]: shared[1] } };
  }
  const names = toolNames(rng, options.tools);
  const tools: Json[] = [];
  for (const toolName of names) {
    const useShared = shared !== null && rng.chance(0.3) ? shared : null;
    const base = { tags: declaredTags, schemes, shared: useShared };
    // Some tools differ by revision: one declaration per revision, with disjoint scopes (§9.5).
    if (coverage.length > 1 && rng.chance(0.08)) {
      for (const revision of coverage) {
        tools.push({
          ...tool080(rng, toolName, { ...base, scope: [revision] }),
          protocolVersions: [revision],
        });
      }
    } else {
      tools.push(tool080(rng, toolName, { ...base, scope: coverage }));
    }
  }
  doc.tools = tools;
  const latestOnly = coverage.length === 1;
  if (rng.chance(0.08)) {
    const uri = `file:///${name}/readme.md`;
    const resource: JsonObject = { uri, name: 'readme', mimeType: 'text/markdown' };
    if (latestOnly && rng.chance(0.5)) {
      resource.examples = {
        current: {
          result: {
            resultType: 'complete',
            ttlMs: 60_000,
            cacheScope: 'public',
            contents: [{ uri, mimeType: 'text/markdown', text: `# ${name}` }],
          },
        },
      };
    }
    doc.resources = [resource];
  }
  if (rng.chance(0.06)) {
    doc.resourceTemplates = [itemTemplate(name)];
  }
  if (rng.chance(0.06)) {
    const prompt: JsonObject = {
      name: 'summarize',
      description: description(rng, 'a summary prompt'),
      arguments: [{ name: 'topic', required: true }],
    };
    if (rng.chance(0.5)) {
      const result: JsonObject = {
        messages: [{ role: 'user', content: { type: 'text', text: 'Summarize.' } }],
      };
      if (latestOnly) result.resultType = 'complete';
      if (latestOnly || !coverage.includes(LATEST))
        prompt.examples = { basic: { arguments: { topic: 'news' }, result } };
    }
    doc.prompts = [prompt];
  }
  if (rng.chance(0.15)) doc['x-registry'] = { source: 'generated', rank: rng.int(1, 10_000) };
  if (declaredTags !== null) {
    doc.tags = declaredTags.map((tag) =>
      rng.chance(0.5) ? { name: tag, description: `${tag} tools` } : { name: tag },
    );
  }
  return doc;
}
