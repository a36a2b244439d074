// Reusable components and their local references (§17). A Reference Object `{"$componentRef":
// "#/components/<namespace>/<name>"}` stands for a named value of the same document; resolution follows
// component-to-component references and fails on a malformed pointer, a missing target, a namespace the
// use site does not accept, or a cycle (§17.4). Nothing is ever fetched.
//
// A document's `components` can come after the declarations that use them (§3.6: member order is not
// significant; a streamed dump may put it last), so the rules that resolve references hold what they
// need to check until the member arrives, or the document ends without it (`AfterComponents`).
import type { PathSegment } from '../../types.js';
import { isObject, type JsonObject } from '../json-schema/values.js';
import type { CollectionKey, RuleContext, RuleVisitor } from '../rule.js';
import { COMPONENT_NAMESPACES, type ComponentNamespace } from '../schema/mcp.js';
import { AfterMember } from './after-member.js';
import { NO_REVISIONS, type Scope, scopeOf } from './revisions.js';

export { COMPONENT_NAMESPACES, type ComponentNamespace };

const POINTER = /^#\/components\/([^/]+)\/([A-Za-z0-9._-]+)$/;

/** An object whose own `$componentRef` makes it a Reference Object at a use site that takes one. */
export function isReference(value: unknown): value is { $componentRef: unknown } {
  return isObject(value) && Object.hasOwn(value, '$componentRef');
}

export type Resolution =
  | { ok: true; value: unknown; namespace: ComponentNamespace; name: string; path: PathSegment[] }
  | {
      ok: false;
      /** malformed: not a pointer into a namespace (the Reference Object's own rule says so). */
      problem: 'malformed' | 'namespace' | 'missing' | 'cycle';
      message: string;
    };

/** Component chains longer than this are treated as a cycle (they cannot be written by hand). */
const MAX_CHAIN = 64;

/** The `components` member of one document, and lookups into it. */
export class Components {
  private readonly maps: Readonly<Record<string, unknown>>;

  constructor(value: unknown) {
    this.maps = isObject(value) ? value : {};
  }

  /** The named value, or undefined (own members only: `__proto__` is a name like any other). */
  private target(namespace: string, name: string): unknown {
    const map = this.maps[namespace];
    if (!Object.hasOwn(this.maps, namespace) || !isObject(map) || !Object.hasOwn(map, name)) return undefined;
    return map[name];
  }

  /**
   * Resolve `ref` for a use site that accepts `expected`, following references between components.
   * The value returned is never itself a Reference Object.
   */
  resolve(ref: unknown, expected: ComponentNamespace): Resolution {
    const seen = new Set<string>();
    let current = ref;
    for (let step = 0; ; step++) {
      const match = typeof current === 'string' ? POINTER.exec(current) : null;
      if (match === null || !(COMPONENT_NAMESPACES as readonly string[]).includes(match[1]!)) {
        return {
          ok: false,
          problem: 'malformed',
          message: 'is not a local pointer of the form #/components/<namespace>/<name>',
        };
      }
      const namespace = match[1]!;
      const name = match[2]!;
      const at = `#/components/${namespace}/${name}`;
      if (namespace !== expected) {
        return {
          ok: false,
          problem: 'namespace',
          message: `${at} is in "${namespace}", but this place takes a value of "${expected}"`,
        };
      }
      if (seen.has(name) || step >= MAX_CHAIN) {
        return {
          ok: false,
          problem: 'cycle',
          message: `${at} is reached again: the references form a cycle`,
        };
      }
      seen.add(name);
      const value = this.target(namespace, name);
      if (value === undefined) {
        return { ok: false, problem: 'missing', message: `${at} does not exist` };
      }
      if (!isReference(value)) {
        return { ok: true, value, namespace, name, path: ['components', namespace, name] };
      }
      current = value.$componentRef;
    }
  }
}

/**
 * Work that needs the document's components: run at once when they are known, else held until the
 * `components` member arrives or the document ends (then against no components: every reference is
 * missing). Reset it in the visitor's `start`.
 */
export class AfterComponents extends AfterMember<Components> {
  constructor() {
    super('components', (value) => new Components(value));
  }
}

/** One place a primitive may reference a component (§17.3), relative to the primitive. */
export interface UseSite {
  path: PathSegment[];
  /** The value there: a Reference Object or an inline value. */
  value: unknown;
  namespace: ComponentNamespace;
}

const EXAMPLE_NAMESPACE: Readonly<Record<string, ComponentNamespace>> = {
  tools: 'toolExamples',
  resources: 'resourceExamples',
  resourceTemplates: 'resourceTemplateExamples',
  prompts: 'promptExamples',
};

/**
 * Every use site of a primitive of `collection` that takes a Reference Object: Tool input and output
 * schemas, Elicitation `requestedSchema`s and each named example (§17.3), inline values included.
 */
export function useSites(collection: string, primitive: unknown): UseSite[] {
  const sites: UseSite[] = [];
  const examples = EXAMPLE_NAMESPACE[collection];
  if (examples === undefined || !isObject(primitive)) return sites;
  if (collection === 'tools') {
    for (const key of ['inputSchema', 'outputSchema']) {
      if (Object.hasOwn(primitive, key))
        sites.push({ path: [key], value: primitive[key], namespace: 'schemas' });
    }
  }
  const map = primitive.examples;
  if (Object.hasOwn(primitive, 'examples') && isObject(map)) {
    for (const name of Object.keys(map)) {
      sites.push({ path: ['examples', name], value: map[name], namespace: examples });
    }
  }
  const declarations = primitive.elicitations;
  if (Object.hasOwn(primitive, 'elicitations') && Array.isArray(declarations)) {
    declarations.forEach((declaration: unknown, i) => {
      if (isObject(declaration) && Object.hasOwn(declaration, 'requestedSchema')) {
        sites.push({
          path: ['elicitations', i, 'requestedSchema'],
          value: declaration.requestedSchema,
          namespace: 'schemas',
        });
      }
    });
  }
  return sites;
}

/** A document without components (every reference is missing). */
export const NO_COMPONENTS = new Components(undefined);

/** A use site's value: inline, or the component a Reference Object resolves to. */
export interface UseValue {
  value: unknown;
  /** `#/components/<namespace>/<name>` when it came from a component. */
  from: string | null;
}

/** The value at a use site; null when it is a Reference Object that does not resolve. */
export function valueAt(
  components: Components,
  value: unknown,
  namespace: ComponentNamespace,
): UseValue | null {
  if (!isReference(value)) return { value, from: null };
  const resolved = components.resolve(value.$componentRef, namespace);
  if (!resolved.ok) return null;
  return { value: resolved.value, from: `#/components/${resolved.namespace}/${resolved.name}` };
}

/**
 * Whether a primitive has a Reference Object at a use site (its check then waits for `components`).
 * Runs for every primitive in several rules, so it looks without building the list of sites.
 */
export function usesComponents(collection: string, primitive: unknown): boolean {
  if (EXAMPLE_NAMESPACE[collection] === undefined || !isObject(primitive)) return false;
  if (collection === 'tools' && (isReference(primitive.inputSchema) || isReference(primitive.outputSchema)))
    return true;
  const map = primitive.examples;
  if (Object.hasOwn(primitive, 'examples') && isObject(map)) {
    for (const name in map) if (Object.hasOwn(map, name) && isReference(map[name])) return true;
  }
  const declarations = primitive.elicitations;
  if (Object.hasOwn(primitive, 'elicitations') && Array.isArray(declarations)) {
    for (const declaration of declarations)
      if (isObject(declaration) && isReference(declaration.requestedSchema)) return true;
  }
  return false;
}

/** The use sites of a primitive that hold a Reference Object (usually none: nothing is allocated then). */
export function referenceSites(collection: string, primitive: unknown): UseSite[] {
  return usesComponents(collection, primitive)
    ? useSites(collection, primitive).filter((site) => isReference(site.value))
    : [];
}

/** What a rule checks of each primitive against the document's Components. */
export interface PrimitiveCheck {
  /** Whether the rule looks at this collection, given the document's root scope (§4.10). */
  accepts(collection: CollectionKey, root: Scope): boolean;
  /** Whether a primitive must wait for `components`: by default, when it holds a Reference Object. */
  waits?(collection: CollectionKey, primitive: JsonObject): boolean;
  check(
    components: Components,
    collection: CollectionKey,
    index: number,
    primitive: JsonObject,
    root: Scope,
  ): void;
}

/**
 * A visitor that runs `check` on each accepted primitive: at once when it references no component,
 * otherwise once `components` has been read (or the document ended without it).
 */
export function primitiveVisitor(context: RuleContext, spec: PrimitiveCheck): RuleVisitor {
  const after = new AfterComponents();
  const waits = spec.waits ?? usesComponents;
  let root: Scope = NO_REVISIONS;
  return {
    start() {
      root = scopeOf(context.declaredProtocolVersions);
      after.reset();
    },
    member(key, value) {
      after.member(key, value);
    },
    element(collection, index, primitive) {
      if (!spec.accepts(collection, root) || !isObject(primitive)) return;
      const scope = root;
      if (!waits(collection, primitive)) spec.check(NO_COMPONENTS, collection, index, primitive, scope);
      else after.run((components) => spec.check(components, collection, index, primitive, scope));
    },
    finish() {
      after.finish();
    },
  };
}
