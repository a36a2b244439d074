// Runs the rule catalogue over one document, seen as root members plus collection elements.
// Whole-file mode (validateDocument) is a thin loop over the same calls the streaming splitter makes,
// so both modes produce identical diagnostics in identical order. Clean documents never get here:
// the fast path (fast-path.ts) calls them clean first; the engine alone writes findings.
import type { Diagnostic, Level, PathSegment, RuleTimings, Severity, SpecVersion, Target } from '../types.js';
import { DRAFT_VERSION, SPEC_VERSIONS } from '../types.js';
import { docsUrl } from './docs.js';
import type { Dialect } from './json-schema/dialect.js';
import type { JsonObject } from './json-schema/values.js';
import { SchemaAnalyses } from './json-schema/walk.js';
import { KindTable } from './kinds.js';
import { toPointer } from './pointer.js';
import type { CollectionKey, RootType, Rule, RuleContext, RuleVisitor } from './rule.js';
import { COLLECTION_KEYS, sectionFor } from './rule.js';
import { timedProjection, timedVisitor } from './rule-timing.js';
import { RULES } from './rules/index.js';
import { type DocumentReport, emptyReport, keepBySeverity, rank } from './tally.js';

export {
  addDiagnostic,
  countFinding,
  type DocumentReport,
  emptyReport,
  keepBySeverity,
} from './tally.js';

/** The level column of version-independent rules when a document's version is not recognized. */
export const LATEST_VERSION: SpecVersion = '0.8.0';
/**
 * What a document without `mcpdesc` is checked as: the version most published documents declare (it
 * also gets mcpdesc.version.declared's error).
 */
export const UNDECLARED_VERSION: SpecVersion = '0.7.0';
/** The release a document declaring the draft is checked as. */
export const DRAFT_BASE_VERSION: SpecVersion = '0.8.0';

export interface EngineOptions {
  target: Target | null;
  ruleLevels: Readonly<Record<string, Level>>;
  /** Diagnostics kept per document; counts stay exact beyond it. */
  maxDiagnostics: number;
  /** `--stats`: each rule's time in its hooks is added here (absent: nothing is timed). */
  ruleTimings?: RuleTimings;
}

/** What must be known before the first member is visited (a streaming pre-pass finds it). */
export interface DocumentHeader {
  rootType: RootType;
  hasMcpdesc: boolean;
  mcpdesc: unknown;
  /** The root `tags` value, if any (needed before entity tags can be checked). */
  tags: unknown;
  /**
   * The root `protocolVersions` value, if any (0.8.0: every declaration's protocol scope defaults to it,
   * so element checks need it before the first element).
   */
  protocolVersions: unknown;
}

export interface DocumentValidator {
  /** The diagnostics kept so far (live), so a streaming caller can place them while their slice is at hand. */
  readonly diagnostics: readonly Diagnostic[];
  member(key: string, value: unknown): void;
  element(collection: CollectionKey, index: number, value: unknown): void;
  /**
   * Fan-out: an element already checked by an `ElementChecker` (in a worker). Stands for `element()`:
   * merges the element-scoped diagnostics and feeds the projections to the document-scoped rules.
   */
  elementOutcome(collection: CollectionKey, index: number, outcome: ElementOutcome): void;
  collectionEnd(collection: CollectionKey, length: number): void;
  finish(): DocumentReport;
}

/** The element-scoped findings of one element, and what the document-scoped rules need of it. */
export interface ElementOutcome {
  /** In the order `element()` would have produced them. */
  diagnostics: Diagnostic[];
  /** One per document-scoped rule (catalogue order): its `project(...)` of the element. */
  projections: unknown[];
}

/** Runs only the element-scoped rules, one element at a time (a fan-out worker's half of a document). */
export interface ElementChecker {
  check(collection: CollectionKey, index: number, value: unknown): ElementOutcome;
}

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = { target: null, ruleLevels: {}, maxDiagnostics: 1000 };

export function rootTypeOf(value: unknown): RootType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const t = typeof value;
  if (t === 'object' || t === 'string' || t === 'number' || t === 'boolean') return t;
  return 'null';
}

/** Read the header of an already parsed document. */
export function headerOf(doc: unknown): DocumentHeader {
  const rootType = rootTypeOf(doc);
  if (rootType !== 'object') return emptyHeader(rootType);
  const obj = doc as Record<string, unknown>;
  return {
    rootType,
    hasMcpdesc: Object.hasOwn(obj, 'mcpdesc'),
    mcpdesc: obj.mcpdesc,
    tags: Object.hasOwn(obj, 'tags') ? obj.tags : undefined,
    protocolVersions: Object.hasOwn(obj, 'protocolVersions') ? obj.protocolVersions : undefined,
  };
}

/** A header with none of the root members found (yet). */
export function emptyHeader(rootType: RootType): DocumentHeader {
  return { rootType, hasMcpdesc: false, mcpdesc: undefined, tags: undefined, protocolVersions: undefined };
}

/**
 * The root members a streaming pre-pass must find before the first element, by the declared version:
 * `protocolVersions` only for the versions that have it, so a 0.7.0 dump's pre-pass still stops at
 * `tags` instead of scanning the whole file for a member it cannot have.
 */
export function headerKeys(mcpdesc: unknown): readonly string[] {
  return mcpdesc === '0.8.0' || mcpdesc === DRAFT_VERSION ? HEADER_KEYS_080 : HEADER_KEYS;
}
const HEADER_KEYS: readonly string[] = ['mcpdesc', 'tags'];
const HEADER_KEYS_080: readonly string[] = ['mcpdesc', 'tags', 'protocolVersions'];
/** Every member a header may hold (what a pre-pass and a tail probe capture). */
export const ALL_HEADER_KEYS: readonly string[] = HEADER_KEYS_080;

function isSpecVersion(value: unknown): value is SpecVersion {
  return typeof value === 'string' && (SPEC_VERSIONS as readonly string[]).includes(value);
}

/**
 * The structural version: a version `--target`, else the declared one (the draft: the release it builds
 * on), else (undeclared) UNDECLARED_VERSION; null when the declared version is not recognized.
 */
export function resolveVersion(header: DocumentHeader, target: Target | null): SpecVersion | null {
  if (target !== null && isSpecVersion(target)) return target;
  if (!header.hasMcpdesc) return UNDECLARED_VERSION;
  if (header.mcpdesc === DRAFT_VERSION) return DRAFT_BASE_VERSION;
  return isSpecVersion(header.mcpdesc) ? header.mcpdesc : null;
}

/**
 * The level column in force: `--target` when given, else the structural version. A document checked
 * as 0.8.0 (declaring it or the draft) uses the 0.8.0 column under `--target 0.9.0-rc.3` too: 0.8.0's
 * Tool table already makes every requirement of the draft's Tool rule an error of
 * `mcpdesc.tool.members`, so the draft column is the forward check of documents of earlier versions.
 */
export function resolveColumn(target: Target | null, version: SpecVersion | null): Target | null {
  if (version === DRAFT_BASE_VERSION && (target === null || target === DRAFT_VERSION)) return version;
  return target ?? version;
}

/** The names a root `tags` value declares: of its object elements with a string `name`. */
export function declaredTagNames(tags: unknown): ReadonlySet<string> | null {
  if (!Array.isArray(tags)) return null;
  const names = new Set<string>();
  for (const tag of tags) {
    if (tag !== null && typeof tag === 'object' && !Array.isArray(tag)) {
      const name = (tag as Record<string, unknown>).name;
      if (typeof name === 'string') names.add(name);
    }
  }
  return names;
}

/** How a document is checked: its structural version and the level column in force. */
export interface DocumentKind {
  isObjectRoot: boolean;
  version: SpecVersion | null;
  column: Target | null;
}

export function kindOf(header: DocumentHeader, target: Target | null): DocumentKind {
  const isObjectRoot = header.rootType === 'object';
  const version = isObjectRoot ? resolveVersion(header, target) : null;
  return { isObjectRoot, version, column: resolveColumn(target, version) };
}

/** A rule that runs for a kind of document, at its level there. */
export interface RuleInForce {
  rule: Rule;
  level: Severity;
  /** The section its findings cite for this kind of document. */
  specSection: string;
  /** Its documentation page: one string for all its findings, which output compares by identity. */
  docsUrl: string;
}

/**
 * The rules that run for a kind of document, in catalogue order, and their levels: `--rule` levels
 * first, else the rule's level in the column in force. An unrecognized version (or a non-object root)
 * gets the version-independent rules only, at their latest level. The fast path asks the same.
 */
export function rulesInForce(
  rules: readonly Rule[],
  ruleLevels: Readonly<Record<string, Level>>,
  kind: DocumentKind,
): RuleInForce[] {
  const out: RuleInForce[] = [];
  for (const rule of rules) {
    if (!rule.versionIndependent && (kind.version === null || !kind.isObjectRoot)) continue;
    const level: Level = Object.hasOwn(ruleLevels, rule.id)
      ? ruleLevels[rule.id]!
      : rule.levels[kind.column ?? LATEST_VERSION];
    if (level !== 'off')
      out.push({ rule, level, specSection: sectionFor(rule, kind.version), docsUrl: docsUrl(rule.id) });
  }
  return out;
}

/** A document's visitors, filed under the hooks they have, each list in catalogue order. */
interface Hooks {
  version: SpecVersion | null;
  starts: RuleVisitor[];
  members: RuleVisitor[];
  /** Per collection: the element-scoped visitors with an `element` hook that look at it. */
  elements: Record<CollectionKey, RuleVisitor[]>;
  ends: RuleVisitor[];
  finishes: RuleVisitor[];
  /** Document-scoped visitors, each with its rule's projection of an element. */
  documentScoped: Array<{ project: Projection; visitor: RuleVisitor }>;
  /** Tool schema walks of the element being checked (cleared at every element). */
  analyses: SchemaAnalyses;
}

type Projection = (collection: CollectionKey, index: number, value: unknown) => unknown;

/** Where a rule's findings go, with what each of them repeats. */
type Record_ = (entry: RuleInForce, path: readonly PathSegment[], message: string) => void;

/** What the visitors of one document read of it through their contexts, from their `start` on. */
interface Holder {
  header: DocumentHeader;
  declaredTags: ReadonlySet<string> | null;
  record: Record_;
}

/**
 * Create the visitors of the rules in force for one kind of document, filed by hook. Their contexts
 * read the document and report through `holder`, which says which document holds them.
 */
function createHooks(
  header: DocumentHeader,
  options: EngineOptions,
  rules: readonly Rule[],
  holder: Holder,
): Hooks {
  const kind = kindOf(header, options.target);
  const hooks: Hooks = {
    version: kind.version,
    starts: [],
    members: [],
    elements: { tools: [], resources: [], resourceTemplates: [], prompts: [], tags: [] },
    ends: [],
    finishes: [],
    documentScoped: [],
    analyses: new SchemaAnalyses(),
  };
  const analyze = (schema: JsonObject, dialect: Dialect) => hooks.analyses.analyze(schema, dialect);
  for (const entry of rulesInForce(rules, options.ruleLevels, kind)) {
    const context: RuleContext = {
      version: kind.version,
      target: kind.column,
      rootType: header.rootType,
      get declaredVersion() {
        return holder.header.mcpdesc;
      },
      get declaredProtocolVersions() {
        return holder.header.protocolVersions;
      },
      get declaredTags() {
        return holder.declaredTags;
      },
      analyze,
      report: (path, message) => holder.record(entry, path, message),
    };
    const { rule } = entry;
    const timings = options.ruleTimings;
    const visitor =
      timings === undefined
        ? rule.create(context)
        : timedVisitor(rule.id, timings, () => rule.create(context));
    if (visitor.start) hooks.starts.push(visitor);
    if (visitor.member) hooks.members.push(visitor);
    if (visitor.element) {
      if (rule.scope !== 'document') {
        for (const c of rule.collections ?? COLLECTION_KEYS) hooks.elements[c].push(visitor);
      } else {
        const project: Projection = rule.project ? rule.project.bind(rule) : (_c, _i, value) => value;
        hooks.documentScoped.push({
          project: timings === undefined ? project : timedProjection(rule.id, timings, project),
          visitor,
        });
      }
    }
    if (visitor.collectionEnd) hooks.ends.push(visitor);
    if (visitor.finish) hooks.finishes.push(visitor);
  }
  return hooks;
}

/** A kind of document's visitors and the holder they report through. */
interface VisitorSet {
  hooks: Hooks;
  holder: Holder;
}

/**
 * Visitors not held by any document, by rules array and kind of document. A rule's visitor keeps what
 * it needs of a document from its `start` hook on, so the visitors of one kind of document serve one
 * document after another: creating ~30 of them for each invalid document was most of the engine's
 * time on the real corpus. Two documents checked at once (a stream and its fan-out) get a set each.
 */
const idleSets = new WeakMap<readonly Rule[], KindTable<VisitorSet[]>>();

/**
 * The visitors for a document, started on it, and how to give them back once it is finished. Timed
 * visitors (--stats) are created per document: they add into the accumulator they were made with.
 */
function borrow(
  header: DocumentHeader,
  options: EngineOptions,
  rules: readonly Rule[],
  record: Record_,
): { hooks: Hooks; release: () => void } {
  const holder = (set: VisitorSet) => {
    set.holder.header = header;
    set.holder.declaredTags = declaredTagNames(header.tags);
    set.holder.record = record;
    for (const visitor of set.hooks.starts) visitor.start!();
  };
  if (options.ruleTimings !== undefined) {
    const set: VisitorSet = { holder: { header, declaredTags: null, record }, hooks: null! };
    set.hooks = createHooks(header, options, rules, set.holder);
    holder(set);
    return { hooks: set.hooks, release: () => {} };
  }
  let byKind = idleSets.get(rules);
  if (byKind === undefined) {
    byKind = new KindTable();
    idleSets.set(rules, byKind);
  }
  const kind = kindOf(header, options.target);
  const idle = byKind.get({ rootType: header.rootType, ...kind }, options.ruleLevels, () => []);
  let set = idle.pop();
  if (set === undefined) {
    const created: VisitorSet = { holder: { header, declaredTags: null, record }, hooks: null! };
    created.hooks = createHooks(header, options, rules, created.holder);
    set = created;
  }
  holder(set);
  const lent = set;
  const free = idle;
  let released = false;
  return {
    hooks: lent.hooks,
    release() {
      // Once only: a second finish() must not give one set to two documents.
      if (released) return;
      released = true;
      lent.holder.record = DROP;
      lent.hooks.analyses.clear();
      free.push(lent);
    },
  };
}

/** What a set's findings go to while no document holds it. */
const DROP: Record_ = () => {};

/**
 * The engine keeps `path` as the diagnostic's path instead of copying it: every rule reports a fresh
 * array (a literal, a spread or a concat).
 */
function makeDiagnostic(entry: RuleInForce, path: readonly PathSegment[], message: string): Diagnostic {
  return {
    ruleId: entry.rule.id,
    severity: entry.level,
    message,
    pointer: toPointer(path),
    path: path as PathSegment[],
    specSection: entry.specSection,
    docsUrl: entry.docsUrl,
  };
}

export function createDocumentValidator(
  header: DocumentHeader,
  options: EngineOptions = DEFAULT_ENGINE_OPTIONS,
  rules: readonly Rule[] = RULES,
): DocumentValidator {
  const report = emptyReport(typeof header.mcpdesc === 'string' ? header.mcpdesc : null);
  const max = options.maxDiagnostics;
  // Up to `max` findings of each severity are held (in the order found), and `finish` keeps `max` of
  // them, errors first: the list only ever grows, so a streaming caller can place each diagnostic as
  // it comes, and a late error still displaces early warnings.
  const held = [0, 0, 0];
  // Counts by rule in a Map until the end (keys in order of first finding, as `byRule` keeps them): a
  // keyed update of `byRule` per finding went through V8's megamorphic cache, its shape varying by
  // document.
  const byRule = new Map<string, number>();
  const count = (ruleId: string, severity: Severity): boolean => {
    byRule.set(ruleId, (byRule.get(ruleId) ?? 0) + 1);
    if (severity === 'error') report.errors++;
    else if (severity === 'warning') report.warnings++;
    else report.infos++;
    const r = rank(severity);
    if (held[r]! >= max) {
      report.truncated = true;
      return false;
    }
    held[r]!++;
    return true;
  };
  const record: Record_ = (entry, path, message) => {
    if (count(entry.rule.id, entry.level)) report.diagnostics.push(makeDiagnostic(entry, path, message));
  };

  // Element-scoped rules first, then document-scoped ones on projections: the same order a fanned-out
  // run produces (worker diagnostics for element i, then the main thread's for element i).
  const { hooks, release } = borrow(header, options, rules, record);
  const { version, members, elements, ends, finishes, documentScoped, analyses } = hooks;
  report.version = version;

  return {
    diagnostics: report.diagnostics,
    member(key, value) {
      analyses.clear();
      for (const v of members) v.member!(key, value);
    },
    element(collection, index, value) {
      analyses.clear();
      if (collection === 'tools') report.tools++;
      for (const v of elements[collection]) v.element!(collection, index, value);
      for (const { project, visitor } of documentScoped) {
        visitor.element!(collection, index, project(collection, index, value));
      }
    },
    elementOutcome(collection, index, outcome) {
      if (collection === 'tools') report.tools++;
      for (const d of outcome.diagnostics) if (count(d.ruleId, d.severity)) report.diagnostics.push(d);
      for (let k = 0; k < documentScoped.length; k++) {
        documentScoped[k]!.visitor.element!(collection, index, outcome.projections[k]);
      }
    },
    collectionEnd(collection, length) {
      for (const v of ends) v.collectionEnd!(collection, length);
    },
    finish() {
      analyses.clear();
      try {
        for (const v of finishes) v.finish!();
      } finally {
        release();
      }
      for (const [id, n] of byRule) report.byRule[id] = n;
      if (report.diagnostics.length > max) {
        report.diagnostics = keepBySeverity(report.diagnostics, max);
        report.truncated = true;
      }
      return report;
    },
  };
}

/**
 * The element-scoped half of a document's rules, for a fan-out worker. Built from the same header and
 * options as the main thread's validator, so both sides see the same rules in the same order. Findings
 * reported outside `check` (by `create`, which the main thread's validator also runs) are dropped.
 */
export function createElementChecker(
  header: DocumentHeader,
  options: EngineOptions = DEFAULT_ENGINE_OPTIONS,
  rules: readonly Rule[] = RULES,
): ElementChecker {
  let sink: Diagnostic[] | null = null;
  // Its own visitors: a checker lives as long as its fan-out, with no end to give them back at.
  const holder: Holder = {
    header,
    declaredTags: declaredTagNames(header.tags),
    record: (entry, path, message) => {
      sink?.push(makeDiagnostic(entry, path, message));
    },
  };
  const { starts, elements, documentScoped, analyses } = createHooks(header, options, rules, holder);
  for (const visitor of starts) visitor.start!();
  return {
    check(collection, index, value) {
      const diagnostics: Diagnostic[] = [];
      sink = diagnostics;
      analyses.clear();
      try {
        for (const v of elements[collection]) v.element!(collection, index, value);
      } finally {
        sink = null;
      }
      const projections = documentScoped.map(({ project }) => project(collection, index, value));
      return { diagnostics, projections };
    },
  };
}

/** `isCollectionKey` without the array search: this runs for every root member of every document. */
function isCollection(key: string): key is CollectionKey {
  switch (key) {
    case 'tools':
    case 'resources':
    case 'resourceTemplates':
    case 'prompts':
    case 'tags':
      return true;
    default:
      return false;
  }
}

/** Validate a parsed document: the whole-file loop over the streaming calls. */
export function validateDocument(
  doc: unknown,
  options: EngineOptions = DEFAULT_ENGINE_OPTIONS,
  rules: readonly Rule[] = RULES,
): DocumentReport {
  const header = headerOf(doc);
  const validator = createDocumentValidator(header, options, rules);
  if (header.rootType === 'object') {
    const obj = doc as Record<string, unknown>;
    for (const key of Object.keys(obj)) {
      const value = obj[key];
      if (isCollection(key) && Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) validator.element(key, i, value[i]);
        validator.collectionEnd(key, value.length);
      } else {
        validator.member(key, value);
      }
    }
  }
  return validator.finish();
}
