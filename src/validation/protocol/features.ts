// What each MCP protocol revision defines, as mcpdesc 0.8.0 relates it (§3.5, §4.10, §6.2, §8.2, §8.5,
// §9.1–§9.4, §10.1–§10.4, §11.1–§11.4, §12.5): a declaration may use a member, a content block type or
// a capability only when every revision of its effective scope defines it, and a completed result has
// the shape of each of those revisions (`resultType` is required by MCP 2026-07-28 and unknown before).
// The walks here visit what a declaration uses with the revisions that allow it, and tell the sink only
// about what its scope does not allow: a declaration that is fine costs no allocation.
import type { PathSegment } from '../../types.js';
import { isObject, type JsonObject } from '../json-schema/values.js';
import { isReference } from './components.js';
import {
  contentBlocks,
  type ExampleKind,
  type Found,
  inlineExamples,
  resourceContents,
  resultOf,
} from './payloads.js';
import { before, LEGACY, NO_REVISIONS, only, type Scope, scopeOf, since } from './revisions.js';

/** Where the walks report what a scope does not allow. */
export interface FeatureSink {
  /** The effective scope the declaration is judged in. */
  readonly scope: Scope;
  /**
   * `label` (a member, a block type...) at `path` is not allowed by the `bad` revisions of the scope;
   * `missing`: it is an absence (what `label` names is required there).
   */
  fail(path: PathSegment[], label: string, bad: Scope, missing: boolean): void;
}

const S_0326 = since('2025-03-26');
const S_0618 = since('2025-06-18');
const S_1125 = since('2025-11-25');
const ONLY_1125 = only('2025-11-25');
const ONLY_2026 = only('2026-07-28');
const BEFORE_2026 = before('2026-07-28');

/** Report a feature at `path` when the scope has revisions outside `allowed`. */
function use(
  sink: FeatureSink,
  path: () => PathSegment[],
  label: string,
  allowed: Scope,
  missing = false,
): void {
  const bad = sink.scope & ~allowed;
  if (bad !== NO_REVISIONS) sink.fail(path(), label, bad, missing);
}

/** Members of `value` that not every revision defines. */
function members(
  sink: FeatureSink,
  value: JsonObject,
  base: PathSegment[],
  table: Readonly<Record<string, Scope>>,
): void {
  for (const key in table) {
    if (Object.hasOwn(value, key)) use(sink, () => [...base, key], `"${key}"`, table[key]!);
  }
}

const BLOCK_TYPES: Readonly<Record<string, Scope>> = {
  audio: S_0326,
  resource_link: S_0618,
  tool_use: S_1125,
  tool_result: S_1125,
};

const BLOCK_MEMBERS: Readonly<Record<string, Scope>> = { _meta: S_0618, icons: S_1125 };

function contentBlock(sink: FeatureSink, block: Found): void {
  const type = block.value.type;
  if (typeof type === 'string' && Object.hasOwn(BLOCK_TYPES, type)) {
    use(sink, () => [...block.path, 'type'], `a "${type}" content block`, BLOCK_TYPES[type]!);
  }
  members(sink, block.value, block.path, BLOCK_MEMBERS);
}

/** `resultType` (and for read results the cache hints) exist in MCP 2026-07-28 only, where required. */
function completion(sink: FeatureSink, result: Found, keys: readonly string[]): void {
  for (const key of keys) {
    if (Object.hasOwn(result.value, key)) use(sink, () => [...result.path, key], `"${key}"`, ONLY_2026);
    else use(sink, () => result.path, `"${key}"`, BEFORE_2026, true);
  }
}

const READ_RESULT_KEYS = ['resultType', 'ttlMs', 'cacheScope'];
const RESULT_KEYS = ['resultType'];
const META: Readonly<Record<string, Scope>> = { _meta: S_0618 };
const STRUCTURED: Readonly<Record<string, Scope>> = { structuredContent: S_0618 };

/** What one example (inline or a component value) uses, with paths relative to `base`. */
export function exampleFeatures(
  sink: FeatureSink,
  kind: ExampleKind,
  example: JsonObject,
  base: PathSegment[],
): void {
  if (kind === 'completion') {
    // completion/complete is defined from MCP 2025-03-26, its context from 2025-06-18 (§10.4.6, §11.4).
    use(sink, () => base, 'a completion example', S_0326);
    if (Object.hasOwn(example, 'context')) use(sink, () => [...base, 'context'], '"context"', S_0618);
  }
  if (kind === 'interaction') interactionSteps(sink, example, base);
  const found = resultOf(example);
  if (found === null) return;
  const result = { path: [...base, ...found.path], value: found.value };
  const resource = kind === 'resource' || kind === 'resourceTemplate';
  completion(sink, result, resource ? READ_RESULT_KEYS : RESULT_KEYS);
  members(sink, result.value, result.path, META);
  if (kind === 'tool' || kind === 'interaction') members(sink, result.value, result.path, STRUCTURED);
  for (const block of contentBlocks(kind, result)) contentBlock(sink, block);
  for (const contents of resourceContents(kind, result)) members(sink, contents.value, contents.path, META);
}

/** Elicitation form mode exists from MCP 2025-06-18, URL mode from 2025-11-25 (legacy revisions: §12.5). */
const ELICITATION_MODES: Readonly<Record<string, Scope>> = { form: S_0618 | LEGACY, url: S_1125 | LEGACY };
const SAMPLING_REQUEST: Readonly<Record<string, Scope>> = { tools: S_1125, toolChoice: S_1125 };

function interactionSteps(sink: FeatureSink, example: JsonObject, base: PathSegment[]): void {
  const steps = example.steps;
  if (!Array.isArray(steps)) return;
  steps.forEach((step: unknown, i) => {
    if (!isObject(step) || !isObject(step.request)) return;
    const at: PathSegment[] = [...base, 'steps', i];
    const request = step.request;
    const mode = request.mode;
    if (step.type === 'elicitation' && typeof mode === 'string' && Object.hasOwn(ELICITATION_MODES, mode)) {
      use(sink, () => [...at, 'request', 'mode'], `a "${mode}" elicitation`, ELICITATION_MODES[mode]!);
    }
    if (step.type !== 'sampling') return;
    members(sink, request, [...at, 'request'], SAMPLING_REQUEST);
    const messages = request.messages;
    if (Array.isArray(messages)) {
      messages.forEach((message: unknown, m) => {
        if (isObject(message))
          samplingContent(sink, message.content, [...at, 'request', 'messages', m, 'content']);
      });
    }
    if (isObject(step.response)) samplingContent(sink, step.response.content, [...at, 'response', 'content']);
  });
}

/** Sampling content: one block, or (MCP 2025-11-25, with tool use) an array of them. */
function samplingContent(sink: FeatureSink, content: unknown, path: PathSegment[]): void {
  if (Array.isArray(content)) {
    use(sink, () => path, 'sampling content as an array of blocks', S_1125);
    content.forEach((block: unknown, i) => {
      if (isObject(block)) contentBlock(sink, { path: [...path, i], value: block });
    });
  } else if (isObject(content)) contentBlock(sink, { path, value: content });
}

const CLIENT_CAPABILITIES: Readonly<Record<string, Scope>> = {
  elicitation: S_0618,
  tasks: ONLY_1125,
  extensions: ONLY_2026,
};
const CLIENT_NESTED: Readonly<Record<string, Readonly<Record<string, Scope>>>> = {
  sampling: { context: S_1125, tools: S_1125 },
  elicitation: { form: S_1125, url: S_1125 },
};

/** Client capabilities by revision (§8.5): what a requirement may name in each. */
function clientRequirements(sink: FeatureSink, requirements: JsonObject): void {
  const base = ['clientRequirements'];
  members(sink, requirements, base, CLIENT_CAPABILITIES);
  for (const capability in CLIENT_NESTED) {
    const value = requirements[capability];
    if (Object.hasOwn(requirements, capability) && isObject(value)) {
      members(sink, value, [...base, capability], CLIENT_NESTED[capability]!);
    }
  }
  // MCP 2026-07-28 deprecates `roots` and requires it empty (§8.5).
  const roots = requirements.roots;
  if (Object.hasOwn(requirements, 'roots') && isObject(roots) && Object.keys(roots).length > 0) {
    use(sink, () => [...base, 'roots'], '"roots" with members', BEFORE_2026);
  }
}

const DECLARATION: Readonly<Record<string, Scope>> = { title: S_0618, icons: S_1125, _meta: S_0618 };
const TOOL: Readonly<Record<string, Scope>> = {
  outputSchema: S_0618,
  annotations: S_0326,
  execution: ONLY_1125,
};
const LAST_MODIFIED: Readonly<Record<string, Scope>> = { lastModified: S_0618 };
const TITLE: Readonly<Record<string, Scope>> = { title: S_0618 };

/** A tool's input or output schema may name its dialect from MCP 2025-11-25 (§9.2). */
export function schemaFeatures(sink: FeatureSink, schema: unknown, base: PathSegment[]): void {
  if (isObject(schema) && Object.hasOwn(schema, '$schema')) {
    use(sink, () => [...base, '$schema'], 'a "$schema" in a tool schema', S_1125);
  }
}

/** Everything a primitive uses inline (Reference Objects are the rule's to resolve), relative to it. */
export function declarationFeatures(sink: FeatureSink, collection: string, primitive: JsonObject): void {
  members(sink, primitive, [], DECLARATION);
  if (collection === 'tools') {
    members(sink, primitive, [], TOOL);
    for (const key of ['inputSchema', 'outputSchema']) {
      const schema = primitive[key];
      if (Object.hasOwn(primitive, key) && !isReference(schema)) schemaFeatures(sink, schema, [key]);
    }
  }
  const annotations = primitive.annotations;
  if (collection !== 'tools' && Object.hasOwn(primitive, 'annotations') && isObject(annotations)) {
    members(sink, annotations, ['annotations'], LAST_MODIFIED);
  }
  const args = primitive.arguments;
  if (collection === 'prompts' && Array.isArray(args)) {
    args.forEach((argument: unknown, i) => {
      if (isObject(argument)) members(sink, argument, ['arguments', i], TITLE);
    });
  }
  const requirements = primitive.clientRequirements;
  if (Object.hasOwn(primitive, 'clientRequirements') && isObject(requirements))
    clientRequirements(sink, requirements);
  const declarations = primitive.elicitations;
  if (Object.hasOwn(primitive, 'elicitations') && Array.isArray(declarations)) {
    declarations.forEach((declaration: unknown, i) => {
      if (!isObject(declaration) || typeof declaration.mode !== 'string') return;
      const allowed = ELICITATION_MODES[declaration.mode];
      if (allowed === undefined) return;
      // An explicit scope of the declaration narrows its parent's (§12.5).
      const own = Object.hasOwn(declaration, 'protocolVersions')
        ? scopeOf(declaration.protocolVersions) & sink.scope
        : sink.scope;
      const nested: FeatureSink = {
        scope: own,
        fail: (path, label, bad, missing) => sink.fail(path, label, bad, missing),
      };
      use(nested, () => ['elicitations', i, 'mode'], `a "${declaration.mode}" elicitation`, allowed);
    });
  }
  for (const site of inlineExamples(collection, primitive))
    exampleFeatures(sink, site.kind, site.example, site.path);
}

/** Whether a primitive has anything the walk above could report (the rule projects only those). */
export function mayUseRevisionFeatures(collection: string, primitive: JsonObject): boolean {
  for (const key in primitive) {
    switch (key) {
      case 'title':
      case 'icons':
      case '_meta':
      case 'outputSchema':
      case 'annotations':
      case 'execution':
      case 'clientRequirements':
      case 'elicitations':
      case 'examples':
      case 'interactionExamples':
      case 'completionExamples':
      case 'arguments':
        return true;
      case 'inputSchema': {
        const schema = primitive.inputSchema;
        if (
          collection === 'tools' &&
          isObject(schema) &&
          (Object.hasOwn(schema, '$schema') || isReference(schema))
        ) {
          return true;
        }
        break;
      }
      default:
        break;
    }
  }
  return false;
}

const TRANSPORT_TYPES: Readonly<Record<string, Scope>> = { 'streamable-http': S_0326 };
const CAPABILITIES: Readonly<Record<string, Scope>> = { completions: S_0326, tasks: ONLY_1125 };

/** What a transport's type needs (§6.2.1: Streamable HTTP from MCP 2025-03-26). */
export function transportFeatures(sink: FeatureSink, transport: unknown, base: PathSegment[]): void {
  if (
    !isObject(transport) ||
    typeof transport.type !== 'string' ||
    !Object.hasOwn(TRANSPORT_TYPES, transport.type)
  )
    return;
  use(sink, () => [...base, 'type'], `the "${transport.type}" transport`, TRANSPORT_TYPES[transport.type]!);
}

/** What a Capabilities Object declares (§8.2: completions from 2025-03-26, core tasks in 2025-11-25 only). */
export function capabilityFeatures(sink: FeatureSink, capabilities: unknown, base: PathSegment[]): void {
  if (isObject(capabilities)) members(sink, capabilities, base, CAPABILITIES);
}
