// What each MCP protocol revision defines, as mcpdesc 0.8.0 relates it (§3.5, §4.10, §6.2, §8.2, §8.5,
// §9.1–§9.4, §10.1–§10.4, §11.1–§11.4, §12.5): a declaration may use a member, a content block type or
// a capability only when every revision of its effective scope defines it, and a completed result has
// the shape of each of those revisions (`resultType` is required by MCP 2026-07-28 and unknown before).
// The walks here list what a declaration uses with the revisions that allow it; the rule compares that
// with the declaration's scope, which it alone knows (the root's `protocolVersions`).
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
import { ALL_REVISIONS, before, LEGACY, only, type Scope, scopeOf, since } from './revisions.js';

/** Something a declaration uses (or lacks), and the revisions that allow that. */
export interface Feature {
  path: PathSegment[];
  /** How a message names it: `"execution"`, `a "resource_link" content block`. */
  label: string;
  allowed: Scope;
  /** The feature is an absence (`label` names what is missing). */
  missing?: true;
  /** A nested declaration's own explicit scope (an Elicitation Declaration's `protocolVersions`). */
  scope?: Scope;
}

const S_0326 = since('2025-03-26');
const S_0618 = since('2025-06-18');
const S_1125 = since('2025-11-25');
const ONLY_1125 = only('2025-11-25');
const ONLY_2026 = only('2026-07-28');
const BEFORE_2026 = before('2026-07-28');

function has(value: JsonObject, key: string): boolean {
  return Object.hasOwn(value, key);
}

function add(out: Feature[], path: PathSegment[], label: string, allowed: Scope): void {
  if (allowed !== ALL_REVISIONS) out.push({ path, label, allowed });
}

/** Members of `value` that not every revision defines. */
function members(
  out: Feature[],
  value: JsonObject,
  base: PathSegment[],
  table: Readonly<Record<string, Scope>>,
): void {
  for (const key of Object.keys(table))
    if (has(value, key)) add(out, [...base, key], `"${key}"`, table[key]!);
}

const BLOCK_TYPES: Readonly<Record<string, Scope>> = {
  audio: S_0326,
  resource_link: S_0618,
  tool_use: S_1125,
  tool_result: S_1125,
};

function contentBlock(out: Feature[], block: Found): void {
  const type = block.value.type;
  if (typeof type === 'string' && Object.hasOwn(BLOCK_TYPES, type)) {
    add(out, [...block.path, 'type'], `a "${type}" content block`, BLOCK_TYPES[type]!);
  }
  members(out, block.value, block.path, { _meta: S_0618, icons: S_1125 });
}

/** `resultType` (and for read results the cache hints) exist in MCP 2026-07-28 only, where required. */
function completion(out: Feature[], result: Found, keys: readonly string[]): void {
  for (const key of keys) {
    if (has(result.value, key)) add(out, [...result.path, key], `"${key}"`, ONLY_2026);
    else out.push({ path: result.path, label: `"${key}"`, allowed: BEFORE_2026, missing: true });
  }
}

const READ_RESULT_KEYS = ['resultType', 'ttlMs', 'cacheScope'];
const RESULT_KEYS = ['resultType'];

/** What one example (inline or a component value) uses, relative to the example. */
export function exampleFeatures(kind: ExampleKind, example: JsonObject): Feature[] {
  const out: Feature[] = [];
  if (kind === 'completion') {
    // completion/complete is defined from MCP 2025-03-26, its context from 2025-06-18 (§10.4.6, §11.4).
    add(out, [], 'a completion example', S_0326);
    if (has(example, 'context')) add(out, ['context'], '"context"', S_0618);
  }
  if (kind === 'interaction') interactionSteps(out, example);
  const result = resultOf(example);
  if (result === null) return out;
  const resource = kind === 'resource' || kind === 'resourceTemplate';
  completion(out, result, resource ? READ_RESULT_KEYS : RESULT_KEYS);
  members(out, result.value, result.path, { _meta: S_0618 });
  if (kind === 'tool' || kind === 'interaction')
    members(out, result.value, result.path, { structuredContent: S_0618 });
  for (const block of contentBlocks(kind, result)) contentBlock(out, block);
  for (const contents of resourceContents(kind, result))
    members(out, contents.value, contents.path, { _meta: S_0618 });
  return out;
}

/** Elicitation form mode exists from MCP 2025-06-18, URL mode from 2025-11-25 (legacy revisions: §12.5). */
const ELICITATION_MODES: Readonly<Record<string, Scope>> = { form: S_0618 | LEGACY, url: S_1125 | LEGACY };

function interactionSteps(out: Feature[], example: JsonObject): void {
  const steps = example.steps;
  if (!Array.isArray(steps)) return;
  steps.forEach((step: unknown, i) => {
    if (!isObject(step) || !isObject(step.request)) return;
    const base: PathSegment[] = ['steps', i];
    const request = step.request;
    if (
      step.type === 'elicitation' &&
      typeof request.mode === 'string' &&
      Object.hasOwn(ELICITATION_MODES, request.mode)
    ) {
      add(
        out,
        [...base, 'request', 'mode'],
        `a "${request.mode}" elicitation`,
        ELICITATION_MODES[request.mode]!,
      );
    }
    if (step.type !== 'sampling') return;
    members(out, request, [...base, 'request'], { tools: S_1125, toolChoice: S_1125 });
    const messages = request.messages;
    if (Array.isArray(messages)) {
      messages.forEach((message: unknown, m) => {
        if (isObject(message))
          samplingContent(out, message.content, [...base, 'request', 'messages', m, 'content']);
      });
    }
    if (isObject(step.response))
      samplingContent(out, step.response.content, [...base, 'response', 'content']);
  });
}

/** Sampling content: one block, or (MCP 2025-11-25, with tool use) an array of them. */
function samplingContent(out: Feature[], content: unknown, path: PathSegment[]): void {
  if (Array.isArray(content)) {
    add(out, path, 'sampling content as an array of blocks', S_1125);
    content.forEach((block: unknown, i) => {
      if (isObject(block)) contentBlock(out, { path: [...path, i], value: block });
    });
  } else if (isObject(content)) contentBlock(out, { path, value: content });
}

/** Client capabilities by revision (§8.5): what a requirement may name in each. */
function clientRequirements(out: Feature[], requirements: JsonObject, base: PathSegment[]): void {
  members(out, requirements, base, { elicitation: S_0618, tasks: ONLY_1125, extensions: ONLY_2026 });
  const nested: Readonly<Record<string, Readonly<Record<string, Scope>>>> = {
    sampling: { context: S_1125, tools: S_1125 },
    elicitation: { form: S_1125, url: S_1125 },
  };
  for (const capability of Object.keys(nested)) {
    const value = requirements[capability];
    if (has(requirements, capability) && isObject(value))
      members(out, value, [...base, capability], nested[capability]!);
  }
  // MCP 2026-07-28 deprecates `roots` and requires it empty (§8.5).
  const roots = requirements.roots;
  if (has(requirements, 'roots') && isObject(roots) && Object.keys(roots).length > 0) {
    add(out, [...base, 'roots'], '"roots" with members', BEFORE_2026);
  }
}

const DECLARATION: Readonly<Record<string, Scope>> = { title: S_0618, icons: S_1125, _meta: S_0618 };
const TOOL: Readonly<Record<string, Scope>> = {
  outputSchema: S_0618,
  annotations: S_0326,
  execution: ONLY_1125,
};

/** A tool's input or output schema may name its dialect from MCP 2025-11-25 (§9.2). */
export function schemaFeatures(schema: unknown): Feature[] {
  const out: Feature[] = [];
  if (isObject(schema) && has(schema, '$schema'))
    add(out, ['$schema'], 'a "$schema" in a tool schema', S_1125);
  return out;
}

/** Everything a primitive uses inline (Reference Objects are resolved by the rule). */
export function declarationFeatures(collection: string, primitive: unknown): Feature[] {
  const out: Feature[] = [];
  if (!isObject(primitive) || collection === 'tags') return out;
  members(out, primitive, [], DECLARATION);
  if (collection === 'tools') {
    members(out, primitive, [], TOOL);
    for (const key of ['inputSchema', 'outputSchema']) {
      const schema = primitive[key];
      if (has(primitive, key) && !isReference(schema)) {
        for (const f of schemaFeatures(schema)) out.push({ ...f, path: [key, ...f.path] });
      }
    }
  }
  const annotations = primitive.annotations;
  if (collection !== 'tools' && has(primitive, 'annotations') && isObject(annotations)) {
    members(out, annotations, ['annotations'], { lastModified: S_0618 });
  }
  const args = primitive.arguments;
  if (collection === 'prompts' && Array.isArray(args)) {
    args.forEach((argument: unknown, i) => {
      if (isObject(argument)) members(out, argument, ['arguments', i], { title: S_0618 });
    });
  }
  const requirements = primitive.clientRequirements;
  if (has(primitive, 'clientRequirements') && isObject(requirements)) {
    clientRequirements(out, requirements, ['clientRequirements']);
  }
  const declarations = primitive.elicitations;
  if (Array.isArray(declarations)) {
    declarations.forEach((declaration: unknown, i) => {
      if (!isObject(declaration) || typeof declaration.mode !== 'string') return;
      const allowed = ELICITATION_MODES[declaration.mode];
      if (allowed === undefined) return;
      const feature: Feature = {
        path: ['elicitations', i, 'mode'],
        label: `a "${declaration.mode}" elicitation`,
        allowed,
      };
      if (has(declaration, 'protocolVersions')) feature.scope = scopeOf(declaration.protocolVersions);
      out.push(feature);
    });
  }
  for (const site of inlineExamples(collection, primitive)) {
    for (const f of exampleFeatures(site.kind, site.example))
      out.push({ ...f, path: [...site.path, ...f.path] });
  }
  return out;
}

/** What a transport's type needs (§6.2.1: Streamable HTTP from MCP 2025-03-26). */
export function transportFeatures(transport: unknown): Feature[] {
  const out: Feature[] = [];
  if (isObject(transport) && transport.type === 'streamable-http') {
    add(out, ['type'], 'the "streamable-http" transport', S_0326);
  }
  return out;
}

/** What a Capabilities Object declares (§8.2: completions from 2025-03-26, core tasks in 2025-11-25 only). */
export function capabilityFeatures(capabilities: unknown): Feature[] {
  const out: Feature[] = [];
  if (isObject(capabilities)) members(out, capabilities, [], { completions: S_0326, tasks: ONLY_1125 });
  return out;
}
