// The rule contract. A rule is a self-describing module (id, levels per version, spec section,
// examples) plus a visitor factory. Structural rules run a precompiled schema fragment inside their
// visitor; semantic rules inspect values directly. Both see the document the same way: root members
// one by one, and the elements of the root collections one by one, so that a streamed multi-GB dump
// and a parsed small file go through exactly the same calls.
import type { Level, LevelTable, PathSegment, Severity, SpecVersion, Target } from '../types.js';
import { DRAFT_VERSION, TARGETS } from '../types.js';
import type { Dialect } from './json-schema/dialect.js';
import type { AnalyzedToolSchema } from './json-schema/tool-schemas.js';
import type { JsonObject } from './json-schema/values.js';
import type { SchemaAnalysis } from './json-schema/walk.js';
import type { SchemaFragment } from './schema/fragment.js';

/** Root members whose array elements are visited one at a time (and streamed for huge files). */
export const COLLECTION_KEYS = ['tools', 'resources', 'resourceTemplates', 'prompts', 'tags'] as const;
export type CollectionKey = (typeof COLLECTION_KEYS)[number];

export function isCollectionKey(key: string): key is CollectionKey {
  return (COLLECTION_KEYS as readonly string[]).includes(key);
}

export type RootType = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

/** What a rule's visitor and its fast-path screen both know of the document. */
export interface ScreenContext {
  /** The version whose structure the document is checked against; null when it is not recognized. */
  readonly version: SpecVersion | null;
  /**
   * Names declared by a root `tags` array (null when the document has no root `tags` array). A visitor
   * reads it from its `start` hook on.
   */
  readonly declaredTags: ReadonlySet<string> | null;
  /**
   * The walk of a tool schema (`dialect` must be the schema's own, or the default for an unknown one),
   * made once and handed to every rule that asks for the same schema while one element is checked.
   */
  analyze(schema: JsonObject, dialect: Dialect): SchemaAnalysis;
}

/** What a screen test knows of a document: the visitors' context, and what the screens share. */
export interface ScreenFacts extends ScreenContext {
  /** Every tool schema of the document's tools with its dialect and walk: listed once, read by each screen. */
  readonly toolSchemas: readonly AnalyzedToolSchema[];
}

export interface RuleContext extends ScreenContext {
  /** The JSON type of the document root; only version-independent rules run when it is not 'object'. */
  readonly rootType: RootType;
  /** The level column in force: `--target` when given, else the document's version. */
  readonly target: Target | null;
  /** The raw `mcpdesc` value (undefined when absent), read from the visitor's `start` hook on. */
  readonly declaredVersion: unknown;
  /** The raw root `protocolVersions` value (undefined when absent); read it from `start` on. */
  readonly declaredProtocolVersions: unknown;
  /** Report a finding of this rule at `path` (document-absolute). */
  report(path: readonly PathSegment[], message: string): void;
}

/**
 * A rule's view of documents of one kind (version, level column, root type, `--rule` levels). The
 * engine creates it once per kind and has it check one document after another: it keeps what it
 * learns of a document from that document's `start` on, and reads the document's `declaredVersion`
 * and `declaredTags` through its context from `start` on, never in `create`.
 */
export interface RuleVisitor {
  /**
   * A document begins, before any other hook of it: reset what is kept per document, and report what
   * depends on the document as a whole (its root type, its declared version).
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

/**
 * What the fast path (`fast-path.ts`) checks for a rule before it may call a document clean, declared
 * next to the visitor and built from the same fragments and helpers. Soundness is the contract: a
 * document that passes the screen gets no finding from the rule. It should also be exact (a document
 * the rule finds nothing in passes), or such documents pay for the fast path and the engine both.
 */
export interface RuleScreen {
  /** The rule's findings come from the parsers only; its visitor reports nothing on a parsed document. */
  readonly parser?: true;
  /**
   * A JSON Schema over the document root, for documents checked as `version` (null: an unrecognized
   * version or a non-object root, where only version-independent rules run). null: the rule checks
   * nothing in that version. The build composes the screens of the rules in force into one validator.
   */
  schema?(version: SpecVersion | null): SchemaFragment | null;
  /** What JSON Schema cannot say, for object roots that passed the schemas: true when the rule finds nothing. */
  test?(document: JsonObject, context: ScreenFacts): boolean;
  /**
   * The documents the screen is written for, by structural version and level column (absent: all).
   * For any other, the fast path calls nothing clean while the rule is in force.
   */
  covers?(version: SpecVersion | null, column: Target | null): boolean;
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
   * How the verdict-first fast path covers the rule. A rule in force without a screen makes the fast
   * path call no document clean (every document then goes through the engine).
   */
  readonly screen?: RuleScreen;
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

/**
 * A screen's `covers` when it is written for the structures before 0.8.0: documents checked as 0.8.0,
 * or under the draft's column (which has requirements of its own), go to the engine.
 */
export function before080(version: SpecVersion | null, column: Target | null): boolean {
  return version !== '0.8.0' && column !== DRAFT_VERSION;
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
