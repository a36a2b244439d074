// 0.8.0 value shapes that several structural rules share: protocol scopes, Security Requirement
// Arrays, `_meta` objects, Reference Objects, named maps, and the MCP payloads of named examples
// (content blocks, completed results, interaction steps). Written from the 0.8.0 tables (§3.5, §4.9,
// §7.3, §9.3, §9.4, §10.4, §11.3, §11.4, §17.2); the rules that own each object compose them.
import { REVISIONS } from '../protocol/revisions.js';
import {
  BOOLEAN,
  closedObject,
  type FORBIDDEN,
  NON_EMPTY_STRING,
  NUMBER,
  OPEN_OBJECT,
  OWNED_ELSEWHERE,
  STRING,
  STRING_ARRAY,
  URI,
} from './blocks.js';
import type { SchemaFragment } from './fragment.js';

/** Local names of security schemes, components and named examples (§7.1, §9.3, §17.1). */
export const LOCAL_NAME = '^[A-Za-z0-9._-]+$';
// `$comment` says in words what a name pattern means: errors.ts quotes it instead of the pattern.
export const LOCAL_NAMES = { pattern: LOCAL_NAME, $comment: 'a name of letters, digits, ".", "_" and "-"' };

// The MCP metadata key grammar: an optional reverse-DNS-like prefix ending in '/', then a name that
// begins and ends with a letter or digit (§3.5; the same grammar names MCP protocol extensions, §8.4).
const LABEL = '[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const PREFIX = `${LABEL}(?:\\.${LABEL})*/`;
const KEY_NAME = '[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?';
export const META_KEY = `^(?:${PREFIX})?(?:${KEY_NAME})?$`;
/** Protocol extension identifiers have a mandatory prefix: `prefix/name` (§8.4). */
export const EXTENSION_ID = `^${PREFIX}${KEY_NAME}$`;

const EXTENSIONS = { '^x-': {} };

/**
 * A closed object that may also carry `x-` specification extensions: the eligible semantic objects of
 * §14.2. Any other unknown member is an error (§3.8).
 */
export function extensibleObject(
  properties: Record<string, SchemaFragment | typeof FORBIDDEN>,
  required: readonly string[] = [],
): SchemaFragment {
  return {
    ...closedObject(properties, required),
    patternProperties: EXTENSIONS,
  };
}

/** A map from a local name to `value`, non-empty when present (§3.3). */
export function namedMap(value: SchemaFragment): SchemaFragment {
  return {
    type: 'object',
    minProperties: 1,
    propertyNames: LOCAL_NAMES,
    additionalProperties: value,
  };
}

/** A non-empty array of `items` (an ordinary declaration collection, §3.3). */
export function nonEmptyArray(items: SchemaFragment = {}): SchemaFragment {
  return { type: 'array', minItems: 1, items };
}

export const NON_EMPTY_STRING_ARRAY: SchemaFragment = nonEmptyArray(STRING);

/** `protocolVersions` of the root and of scoped declarations (§4.9, §4.10). */
export const PROTOCOL_SCOPE: SchemaFragment = {
  type: 'array',
  minItems: 1,
  uniqueItems: true,
  items: { type: 'string', enum: [...REVISIONS] },
};

/** A Security Requirement Array (§7.3): alternatives of scheme names to unique scope strings. */
export const SECURITY_REQUIREMENTS: SchemaFragment = {
  type: 'array',
  items: {
    type: 'object',
    propertyNames: LOCAL_NAMES,
    additionalProperties: { type: 'array', uniqueItems: true, items: STRING },
  },
};

/** A literal `_meta` object: any values, keys in MCP's metadata key grammar (§3.5). */
export const META: SchemaFragment = {
  type: 'object',
  propertyNames: {
    pattern: META_KEY,
    $comment: 'a _meta key: an optional prefix such as "com.example/", then a name',
  },
};

/**
 * The members every 0.8.0 primitive ends with (§9.1, §10.1, §10.3, §11.1): icons and client
 * requirements have rules of their own; elicitation entries are checked one by one.
 */
export const PRIMITIVE_MEMBERS_080: Readonly<Record<string, SchemaFragment>> = {
  icons: OWNED_ELSEWHERE,
  tags: NON_EMPTY_STRING_ARRAY,
  elicitations: nonEmptyArray(),
  deprecated: BOOLEAN,
  _meta: META,
  security: SECURITY_REQUIREMENTS,
  clientRequirements: OWNED_ELSEWHERE,
};

/** A map of protocol extension identifiers to settings objects, non-empty (§8.4, §8.5). */
export const EXTENSION_MAP: SchemaFragment = {
  type: 'object',
  minProperties: 1,
  propertyNames: {
    pattern: EXTENSION_ID,
    $comment: 'an extension identifier "prefix/name", such as "com.example/feature"',
  },
  additionalProperties: OPEN_OBJECT,
};

export const COMPONENT_NAMESPACES = [
  'schemas',
  'toolExamples',
  'resourceExamples',
  'resourceTemplateExamples',
  'promptExamples',
] as const;
export type ComponentNamespace = (typeof COMPONENT_NAMESPACES)[number];

/** A Reference Object (§17.2): exactly one `$componentRef`, a pointer into a component namespace. */
export const REFERENCE: SchemaFragment = closedObject(
  {
    $componentRef: {
      type: 'string',
      pattern: `^#/components/(?:${COMPONENT_NAMESPACES.join('|')})/[A-Za-z0-9._-]+$`,
    },
  },
  ['$componentRef'],
);

/**
 * JSON Schema's if/then/else: a value matching `test` is checked against `yes`, any other against `no`,
 * and only that branch's errors are reported (errors.ts drops the `if` error that comes with them).
 */
function conditional(test: SchemaFragment, yes: SchemaFragment, no: SchemaFragment): SchemaFragment {
  // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, never awaited.
  return { if: test, then: yes, else: no };
}

/**
 * A use site that takes a Reference Object or an inline value (§17.3): an object with
 * `$componentRef` is checked as a Reference Object (no sibling members), anything else as `inline`.
 */
export function referenceOr(inline: SchemaFragment): SchemaFragment {
  return conditional(
    { type: 'object', required: ['$componentRef'], properties: { $componentRef: true } },
    REFERENCE,
    inline,
  );
}

/** A union keyed by the value of `tag` (one branch checked and reported, the one the tag selects). */
export function union(tag: string, branches: readonly SchemaFragment[]): SchemaFragment {
  return {
    type: 'object',
    required: [tag],
    properties: { [tag]: STRING },
    discriminator: { propertyName: tag },
    oneOf: [...branches],
  };
}

/** Resource Annotations (§10.3): typed hints, open for forward compatibility. */
export const RESOURCE_ANNOTATIONS: SchemaFragment = {
  type: 'object',
  properties: {
    audience: { type: 'array', items: { type: 'string', enum: ['user', 'assistant'] } },
    priority: { type: 'number', minimum: 0, maximum: 1 },
    lastModified: STRING,
  },
};

/** Tool Annotations (§9.6): typed behavioural hints, open for forward compatibility. */
export const TOOL_ANNOTATIONS: SchemaFragment = {
  type: 'object',
  properties: {
    title: STRING,
    readOnlyHint: BOOLEAN,
    destructiveHint: BOOLEAN,
    idempotentHint: BOOLEAN,
    openWorldHint: BOOLEAN,
  },
};

export const ICON: SchemaFragment = extensibleObject(
  { src: URI, mimeType: STRING, sizes: STRING_ARRAY, theme: { type: 'string', enum: ['light', 'dark'] } },
  ['src'],
);
export const ICONS: SchemaFragment = nonEmptyArray(ICON);

/** Resource Contents of a read result: exactly one of `text` and `blob` (§10.4.4). */
export const RESOURCE_CONTENTS: SchemaFragment = conditional(
  { type: 'object', required: ['blob'], properties: { blob: true } },
  closedObject({ uri: URI, mimeType: STRING, blob: STRING, _meta: META }, ['uri', 'blob']),
  closedObject({ uri: URI, mimeType: STRING, text: STRING, _meta: META }, ['uri', 'text']),
);

const CONTENT_COMMON = { annotations: RESOURCE_ANNOTATIONS, _meta: META };

const TEXT_CONTENT = closedObject({ type: { const: 'text' }, text: STRING, ...CONTENT_COMMON }, [
  'type',
  'text',
]);
const MEDIA_CONTENT = closedObject(
  { type: { enum: ['image', 'audio'] }, data: STRING, mimeType: STRING, ...CONTENT_COMMON },
  ['type', 'data', 'mimeType'],
);
const RESOURCE_CONTENT = closedObject(
  { type: { const: 'resource' }, resource: RESOURCE_CONTENTS, ...CONTENT_COMMON },
  ['type', 'resource'],
);
const RESOURCE_LINK_CONTENT = closedObject(
  {
    type: { const: 'resource_link' },
    uri: URI,
    name: STRING,
    title: STRING,
    description: STRING,
    mimeType: STRING,
    size: NUMBER,
    icons: ICONS,
    ...CONTENT_COMMON,
  },
  ['type', 'uri', 'name'],
);
const CONTENT_BRANCHES = [TEXT_CONTENT, MEDIA_CONTENT, RESOURCE_CONTENT, RESOURCE_LINK_CONTENT];

/** A content block of a Tool result or a Prompt message (protocol-native: no `x-` members, §14.2). */
export const CONTENT_BLOCK: SchemaFragment = union('type', CONTENT_BRANCHES);

const COMPLETE = { const: 'complete' };

/** A completed Tool Result (§9.3); other members are the semantic rules' to judge. */
export const TOOL_RESULT: SchemaFragment = {
  type: 'object',
  required: ['content'],
  properties: {
    content: { type: 'array', items: CONTENT_BLOCK },
    structuredContent: {},
    isError: BOOLEAN,
    resultType: COMPLETE,
    _meta: META,
  },
};

export const TOOL_EXAMPLE: SchemaFragment = extensibleObject({ input: OPEN_OBJECT, result: TOOL_RESULT }, [
  'input',
  'result',
]);

/** A completed `resources/read` result (§10.4.4). */
const READ_RESULT: SchemaFragment = {
  type: 'object',
  required: ['contents'],
  properties: {
    contents: nonEmptyArray(RESOURCE_CONTENTS),
    resultType: COMPLETE,
    ttlMs: { type: 'number', minimum: 0 },
    cacheScope: { enum: ['public', 'private'] },
    _meta: META,
  },
};

export const RESOURCE_EXAMPLE: SchemaFragment = extensibleObject({ result: READ_RESULT }, ['result']);
export const RESOURCE_TEMPLATE_EXAMPLE: SchemaFragment = extensibleObject({ uri: URI, result: READ_RESULT }, [
  'uri',
  'result',
]);

const PROMPT_MESSAGE = closedObject(
  { role: { type: 'string', enum: ['user', 'assistant'] }, content: CONTENT_BLOCK },
  ['role', 'content'],
);

/** A completed `prompts/get` result (§11.3). */
const PROMPT_RESULT: SchemaFragment = {
  type: 'object',
  required: ['messages'],
  properties: {
    messages: { type: 'array', items: PROMPT_MESSAGE },
    description: STRING,
    resultType: COMPLETE,
    _meta: META,
  },
};

export const PROMPT_EXAMPLE: SchemaFragment = extensibleObject(
  { arguments: { type: 'object', additionalProperties: STRING }, result: PROMPT_RESULT },
  ['result'],
);

/** A Completion Example (§10.4.6, §11.4): inline only, no Reference Object. */
export const COMPLETION_EXAMPLE: SchemaFragment = extensibleObject(
  {
    argument: extensibleObject({ name: STRING, value: STRING }, ['name', 'value']),
    context: extensibleObject(
      { arguments: { type: 'object', minProperties: 1, additionalProperties: STRING } },
      ['arguments'],
    ),
    result: {
      type: 'object',
      required: ['completion'],
      properties: {
        completion: {
          type: 'object',
          required: ['values'],
          properties: {
            values: { type: 'array', maxItems: 100, items: STRING },
            total: { type: 'integer', minimum: 0 },
            hasMore: BOOLEAN,
          },
        },
        resultType: COMPLETE,
        _meta: META,
      },
    },
  },
  ['argument', 'result'],
);

// Tool Interaction Examples (§9.4): steps carry native MCP request and response payloads.

const ELICITATION_REQUEST = union('mode', [
  closedObject({ mode: { const: 'form' }, message: NON_EMPTY_STRING, requestedSchema: OPEN_OBJECT }, [
    'mode',
    'message',
    'requestedSchema',
  ]),
  closedObject({ mode: { const: 'url' }, message: NON_EMPTY_STRING, url: URI }, ['mode', 'message', 'url']),
]);

const ELICITATION_RESPONSE = union('action', [
  closedObject({ action: { const: 'accept' }, content: OPEN_OBJECT }, ['action']),
  closedObject({ action: { enum: ['decline', 'cancel'] } }, ['action']),
]);

/** One content block, or a non-empty array of them. */
function oneOrMany(block: SchemaFragment): SchemaFragment {
  return conditional({ type: 'array' }, nonEmptyArray(block), block);
}

const SAMPLING_BLOCK = union('type', [
  ...CONTENT_BRANCHES,
  closedObject({ type: { const: 'tool_use' }, id: STRING, name: STRING, input: OPEN_OBJECT }, [
    'type',
    'id',
    'name',
    'input',
  ]),
  closedObject(
    {
      type: { const: 'tool_result' },
      toolUseId: STRING,
      content: oneOrMany(CONTENT_BLOCK),
      isError: BOOLEAN,
    },
    ['type', 'toolUseId', 'content'],
  ),
]);
const SAMPLING_CONTENT = oneOrMany(SAMPLING_BLOCK);
const PRIORITY = { type: 'number', minimum: 0, maximum: 1 };

const SAMPLING_REQUEST = closedObject(
  {
    messages: nonEmptyArray(
      closedObject({ role: { enum: ['user', 'assistant'] }, content: SAMPLING_CONTENT }, ['role', 'content']),
    ),
    maxTokens: { type: 'integer', minimum: 1 },
    systemPrompt: STRING,
    includeContext: { enum: ['none', 'thisServer', 'allServers'] },
    temperature: NUMBER,
    stopSequences: STRING_ARRAY,
    metadata: OPEN_OBJECT,
    modelPreferences: closedObject({
      hints: nonEmptyArray(closedObject({ name: NON_EMPTY_STRING }, ['name'])),
      costPriority: PRIORITY,
      speedPriority: PRIORITY,
      intelligencePriority: PRIORITY,
    }),
    tools: nonEmptyArray(
      extensibleObject(
        {
          name: NON_EMPTY_STRING,
          title: STRING,
          description: STRING,
          inputSchema: { type: 'object', required: ['type'], properties: { type: { const: 'object' } } },
          annotations: TOOL_ANNOTATIONS,
        },
        ['name', 'inputSchema'],
      ),
    ),
    toolChoice: closedObject({ mode: { enum: ['auto', 'required', 'none'] } }, ['mode']),
  },
  ['messages', 'maxTokens'],
);

const SAMPLING_RESULT = closedObject(
  { role: { const: 'assistant' }, content: SAMPLING_CONTENT, model: STRING, stopReason: STRING },
  ['role', 'content', 'model'],
);

const ROOTS_RESULT = closedObject(
  { roots: { type: 'array', items: closedObject({ uri: URI, name: STRING }, ['uri']) } },
  ['roots'],
);

const STEP = union('type', [
  extensibleObject(
    {
      type: { const: 'elicitation' },
      declaration: { type: 'string', pattern: LOCAL_NAME },
      request: ELICITATION_REQUEST,
      response: ELICITATION_RESPONSE,
    },
    ['type', 'request', 'response'],
  ),
  extensibleObject({ type: { const: 'sampling' }, request: SAMPLING_REQUEST, response: SAMPLING_RESULT }, [
    'type',
    'request',
    'response',
  ]),
  extensibleObject(
    { type: { const: 'roots' }, request: { type: 'object', maxProperties: 0 }, response: ROOTS_RESULT },
    ['type', 'request', 'response'],
  ),
]);

export const INTERACTION_EXAMPLE: SchemaFragment = extensibleObject(
  { input: OPEN_OBJECT, steps: nonEmptyArray(STEP), result: TOOL_RESULT },
  ['input', 'steps', 'result'],
);
