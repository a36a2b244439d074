// The rule contract. A rule is a self-describing module (id, levels per version, spec section,
// examples) plus a visitor factory. Structural rules run a precompiled schema fragment inside their
// visitor; semantic rules inspect values directly. Both see the document the same way: root members
// one by one, and the elements of the root collections one by one, so that a streamed multi-GB dump
// and a parsed small file go through exactly the same calls.
import type { Level, LevelTable, PathSegment, Severity, SpecVersion, Target } from '../types.js';
import { TARGETS } from '../types.js';

/** Root members whose array elements are visited one at a time (and streamed for huge files). */
export const COLLECTION_KEYS = ['tools', 'resources', 'resourceTemplates', 'prompts', 'tags'] as const;
export type CollectionKey = (typeof COLLECTION_KEYS)[number];

export function isCollectionKey(key: string): key is CollectionKey {
  return (COLLECTION_KEYS as readonly string[]).includes(key);
}

export type RootType = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

export interface RuleContext {
  /** The JSON type of the document root; only version-independent rules run when it is not 'object'. */
  readonly rootType: RootType;
  /** The version whose structure the document is checked against; null when it is not recognized. */
  readonly version: SpecVersion | null;
  /** The level column in force: `--target` when given, else the document's version. */
  readonly target: Target | null;
  /** The raw `mcpdesc` value (undefined when absent). */
  readonly declaredVersion: unknown;
  /** The raw root `protocolVersions` value (undefined when absent); read it from `start` on. */
  readonly declaredProtocolVersions: unknown;
  /** Names declared by a root `tags` array (null when the document has no root `tags` array). */
  readonly declaredTags: ReadonlySet<string> | null;
  /** Report a finding of this rule at `path` (document-absolute). */
  report(path: readonly PathSegment[], message: string): void;
}

export interface RuleVisitor {
  /**
   * A document begins, before any other hook of it: reset per-document state, and report what
   * depends on the document as a whole (its root type, its declared version). A reusable visitor
   * gets one call per document it is lent to.
   */
  start?(): void;
  /** A root member that is not visited element by element (everything but array-valued collections). */
  member?(key: string, value: unknown): void;
  /** One element of a root collection, in document order. */
  element?(collection: CollectionKey, index: number, value: unknown): void;
  /** A root collection ended after `length` elements. */
  collectionEnd?(collection: CollectionKey, length: number): void;
  /** The document ended: report what accumulators found. */
  finish?(): void;
}

/** A document given either parsed or, for parser rules, as raw text. */
export type ExampleInput = { document: unknown; text?: never } | { text: string; document?: never };

export type RuleExample = ExampleInput & {
  description: string;
  /** Check with this `--target` (e.g. the 0.9.0-rc.3 forward check). */
  target?: Target;
};

export type InvalidRuleExample = RuleExample & {
  /** Exactly the diagnostics of this rule the example must produce, in order. */
  diagnostics: ReadonlyArray<{ pointer: string; severity: Severity }>;
};

export interface Rule {
  /** Stable id in the seed's style, `mcpdesc.<surface>.<aspect>`; equals the file name. */
  readonly id: string;
  /** One line, imperative, for `rules` listings and SARIF short descriptions. */
  readonly description: string;
  /** Where the requirement lives, e.g. '9.1' or '12.3'. */
  readonly specSection: string;
  /** Where it lives in the versions that number it otherwise (0.8.0 moved tags from §12 to §13). */
  readonly specSections?: Readonly<Partial<Record<SpecVersion, string>>>;
  readonly levels: LevelTable;
  /** Runs even when the document's version is not recognized (parser, root and version rules). */
  readonly versionIndependent?: boolean;
  /**
   * 'element' (default): the rule judges each element on its own, so a worker can run it on a slice.
   * 'document': the rule accumulates across elements (duplicate names...). Its visitor's `element` then
   * receives `project(collection, index, value)` instead of the value: when a huge dump is fanned out,
   * workers compute the projection next to the parse and only the small projection reaches the
   * document-level validator on the main thread.
   */
  readonly scope?: 'element' | 'document';
  /**
   * The collections whose elements an element-scoped rule's visitor looks at (absent: all). The engine
   * then calls `element` only for those: most rules judge tools only, and a real dump has ~26k tools,
   * each otherwise dispatched to every rule. A declared rule must ignore every other collection.
   */
  readonly collections?: readonly CollectionKey[];
  /**
   * The visitor keeps per-document state only from its `start` hook on, `create` reports nothing for
   * an object root and reads only `version`, `target` and `rootType` of its context (the document's
   * `declaredVersion`/`declaredTags` only from `start` on, through the context). The engine then
   * creates it once per kind of document and lends it to every document of that kind, instead of
   * creating and filing by hook some 32 visitors for every file.
   */
  readonly reusable?: boolean;
  project?(collection: CollectionKey, index: number, value: unknown): unknown;
  readonly examples: {
    readonly valid: readonly RuleExample[];
    readonly invalid: readonly InvalidRuleExample[];
  };
  create(context: RuleContext): RuleVisitor;
}

/** The section a rule's findings cite for a document checked as `version`. */
export function sectionFor(
  rule: Pick<Rule, 'specSection' | 'specSections'>,
  version: SpecVersion | null,
): string {
  return (version !== null && rule.specSections?.[version]) || rule.specSection;
}

/** Build a level table: one level everywhere, with per-target exceptions. */
export function levels(all: Level, except: Partial<Record<Target, Level>> = {}): LevelTable {
  const table = {} as Record<Target, Level>;
  for (const target of TARGETS) table[target] = except[target] ?? all;
  return table;
}

/**
 * Levels for a rule of 0.8.0 documents: off for earlier versions and for the draft column, which is
 * the forward check of earlier documents (a document declaring the draft is checked as 0.8.0, under the
 * 0.8.0 column: engine.ts `resolveColumn`).
 */
export function levels080(level: Level): LevelTable {
  return levelsSince('0.8.0', level, { '0.9.0-rc.3': 'off' });
}

/** Levels for a rule introduced in `since`: off for older versions. */
export function levelsSince(since: SpecVersion, level: Level, except: Partial<Record<Target, Level>> = {}) {
  const table = {} as Record<Target, Level>;
  let reached = false;
  for (const target of TARGETS) {
    if (target === since) reached = true;
    table[target] = except[target] ?? (reached ? level : 'off');
  }
  return table as LevelTable;
}
