// Where the MCP payloads of named examples sit (§9.3, §9.4, §10.4, §11.3, §11.4): completed results,
// their content blocks, resource contents and `_meta` objects. Several rules look at them (revision
// applicability, completed-result shape, reserved metadata); they share these walks. Inline examples
// are found on primitives, referenced ones in `components`; Reference Objects are skipped (resolved by
// the rules that need the use site).
import type { PathSegment } from '../../types.js';
import { isObject, type JsonObject } from '../json-schema/values.js';
import type { RuleVisitor } from '../rule.js';
import { isReference } from './components.js';

export type ExampleKind = 'tool' | 'interaction' | 'resource' | 'resourceTemplate' | 'prompt' | 'completion';

export interface ExampleSite {
  kind: ExampleKind;
  /** Relative to the primitive (inline) or to the document root (components). */
  path: PathSegment[];
  example: JsonObject;
}

/** The example maps of each kind of primitive (§9.3, §9.4, §10.4, §11.3, §11.4). */
const MAPS: Readonly<Record<string, ReadonlyArray<readonly [string, ExampleKind]>>> = {
  tools: [
    ['examples', 'tool'],
    ['interactionExamples', 'interaction'],
  ],
  resources: [['examples', 'resource']],
  resourceTemplates: [
    ['examples', 'resourceTemplate'],
    ['completionExamples', 'completion'],
  ],
  prompts: [
    ['examples', 'prompt'],
    ['completionExamples', 'completion'],
  ],
};

/** The example namespaces of `components` and the kind of their values (§17.1). */
export const COMPONENT_EXAMPLE_KINDS: ReadonlyArray<readonly [string, ExampleKind]> = [
  ['toolExamples', 'tool'],
  ['resourceExamples', 'resource'],
  ['resourceTemplateExamples', 'resourceTemplate'],
  ['promptExamples', 'prompt'],
];

/** A primitive's inline example objects (not Reference Objects, not values of the wrong type). */
export function inlineExamples(collection: string, primitive: unknown): ExampleSite[] {
  const sites: ExampleSite[] = [];
  const maps = MAPS[collection];
  if (maps === undefined || !isObject(primitive)) return sites;
  for (const [key, kind] of maps) {
    const map = primitive[key];
    if (!Object.hasOwn(primitive, key) || !isObject(map)) continue;
    for (const name of Object.keys(map)) {
      const example = map[name];
      if (isObject(example) && !isReference(example)) sites.push({ kind, path: [key, name], example });
    }
  }
  return sites;
}

/** The example values of `components` (document-absolute paths). */
export function componentExamples(components: unknown): ExampleSite[] {
  const sites: ExampleSite[] = [];
  if (!isObject(components)) return sites;
  for (const [namespace, kind] of COMPONENT_EXAMPLE_KINDS) {
    const map = components[namespace];
    if (!Object.hasOwn(components, namespace) || !isObject(map)) continue;
    for (const name of Object.keys(map)) {
      const example = map[name];
      if (isObject(example) && !isReference(example)) {
        sites.push({ kind, path: ['components', namespace, name], example });
      }
    }
  }
  return sites;
}

/** An object found at a path relative to its example. */
export interface Found {
  path: PathSegment[];
  value: JsonObject;
}

function at(value: unknown, path: PathSegment[]): Found | null {
  return isObject(value) ? { path, value } : null;
}

/** The completed results of an example: one, or (interaction examples) the terminal one. */
export function resultOf(example: JsonObject): Found | null {
  return Object.hasOwn(example, 'result') ? at(example.result, ['result']) : null;
}

/** Each element of an array member of `parent`, as objects with their paths. */
function objects(parent: Found, key: string): Found[] {
  const list = parent.value[key];
  if (!Object.hasOwn(parent.value, key) || !Array.isArray(list)) return [];
  const out: Found[] = [];
  list.forEach((item: unknown, i) => {
    const found = at(item, [...parent.path, key, i]);
    if (found) out.push(found);
  });
  return out;
}

/** The content blocks of a result: a Tool result's `content`, a Prompt result's message contents. */
export function contentBlocks(kind: ExampleKind, result: Found): Found[] {
  if (kind === 'tool' || kind === 'interaction') return objects(result, 'content');
  if (kind !== 'prompt') return [];
  const blocks: Found[] = [];
  for (const message of objects(result, 'messages')) {
    const block = at(message.value.content, [...message.path, 'content']);
    if (block) blocks.push(block);
  }
  return blocks;
}

/** The Resource Contents of a read result, and those embedded in `resource` content blocks. */
export function resourceContents(kind: ExampleKind, result: Found): Found[] {
  if (kind === 'resource' || kind === 'resourceTemplate') return objects(result, 'contents');
  const embedded: Found[] = [];
  for (const block of contentBlocks(kind, result)) {
    if (block.value.type !== 'resource') continue;
    const contents = at(block.value.resource, [...block.path, 'resource']);
    if (contents) embedded.push(contents);
  }
  return embedded;
}

/** Where a `_meta` object sits, which decides which reserved keys it may hold (§3.5). */
export type MetaPlace = 'declaration' | 'result' | 'content';

export interface MetaSite {
  path: PathSegment[];
  meta: JsonObject;
  place: MetaPlace;
}

function metaOf(found: Found | null, place: MetaPlace, out: MetaSite[]): void {
  if (found === null || !Object.hasOwn(found.value, '_meta') || !isObject(found.value._meta)) return;
  out.push({ path: [...found.path, '_meta'], meta: found.value._meta, place });
}

/** The `_meta` objects of one example: on its result, content blocks and resource contents. */
export function exampleMeta(kind: ExampleKind, example: JsonObject): MetaSite[] {
  const sites: MetaSite[] = [];
  const result = resultOf(example);
  if (result === null) return sites;
  metaOf(result, 'result', sites);
  for (const block of contentBlocks(kind, result)) metaOf(block, 'content', sites);
  for (const contents of resourceContents(kind, result)) metaOf(contents, 'content', sites);
  return sites;
}

/** Every `_meta` of a primitive: its own (a declaration's) and its inline examples' (relative paths). */
export function primitiveMeta(collection: string, primitive: unknown): MetaSite[] {
  const sites: MetaSite[] = [];
  if (!isObject(primitive) || collection === 'tags') return sites;
  metaOf({ path: [], value: primitive }, 'declaration', sites);
  for (const site of inlineExamples(collection, primitive)) {
    for (const meta of exampleMeta(site.kind, site.example))
      sites.push({ ...meta, path: [...site.path, ...meta.path] });
  }
  return sites;
}

/** A visitor that hands `check` every `_meta` of the document: primitives' and example components'. */
export function metaVisitor(check: (base: readonly PathSegment[], site: MetaSite) => void): RuleVisitor {
  return {
    member(key, value) {
      if (key !== 'components') return;
      for (const site of componentExamples(value)) {
        for (const meta of exampleMeta(site.kind, site.example)) check(site.path, meta);
      }
    },
    element(collection, index, value) {
      for (const meta of primitiveMeta(collection, value)) check([collection, index], meta);
    },
  };
}

/** A visitor that hands `check` every example of the document: inline ones and example components. */
export function exampleVisitor(
  check: (base: readonly PathSegment[], site: ExampleSite) => void,
): RuleVisitor {
  return {
    member(key, value) {
      if (key === 'components') for (const site of componentExamples(value)) check([], site);
    },
    element(collection, index, value) {
      for (const site of inlineExamples(collection, value)) check([collection, index], site);
    },
  };
}
