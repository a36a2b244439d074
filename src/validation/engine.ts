// Runs the rule catalogue over one document, seen as root members plus collection elements.
// Whole-file mode (validateDocument) is a thin loop over the same calls the streaming splitter makes,
// so both modes produce identical diagnostics in identical order.
import type { Diagnostic, Level, PathSegment, Severity, SpecVersion, Target } from '../types.js';
import { DRAFT_VERSION, SPEC_VERSIONS } from '../types.js';
import { docsUrl } from './docs.js';
import { toPointer } from './pointer.js';
import type { CollectionKey, RootType, Rule, RuleContext, RuleVisitor } from './rule.js';
import { COLLECTION_KEYS, sectionFor } from './rule.js';
import { RULES } from './rules/index.js';

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

export interface DocumentReport {
  mcpdesc: string | null;
  /** The version the document was checked against (null: not recognized). */
  version: SpecVersion | null;
  diagnostics: Diagnostic[];
  byRule: Record<string, number>;
  errors: number;
  warnings: number;
  infos: number;
  truncated: boolean;
  tools: number;
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

function declaredTagNames(tags: unknown): ReadonlySet<string> | null {
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

type Record_ = (entry: PlanEntry, path: readonly PathSegment[], message: string) => void;

/** A rule in force for one kind of document, with what every diagnostic of it repeats. */
interface PlanEntry {
  rule: Rule;
  /**
   * The rule's id and section, read from the entry for each diagnostic: rule modules are objects of
   * many shapes, and reading them through `rule` was a polymorphic load per finding.
   */
  id: string;
  specSection: string;
  level: Severity;
  /** `rank(level)`, for the counts and the cap of every finding. */
  rank: number;
  /** Its position in the plan: where a document's counts of it are kept. */
  index: number;
  docsUrl: string;
  documentScoped: boolean;
  collections: readonly CollectionKey[];
  reusable: boolean;
}

/** A document's visitors, filed under the hooks they have, each list in plan order. */
interface Hooks {
  members: RuleVisitor[];
  /** Per collection: the element-scoped visitors with an `element` hook that look at it. */
  elements: Record<CollectionKey, RuleVisitor[]>;
  ends: RuleVisitor[];
  finishes: RuleVisitor[];
  starts: RuleVisitor[];
  documentScoped: Array<{ rule: Rule; visitor: RuleVisitor }>;
}

/** The visitors of a plan's reusable rules, lent to one document validator at a time. */
interface ReusableSet {
  /** By plan index; undefined for the rules created per document. */
  visitors: Array<RuleVisitor | undefined>;
  /**
   * When every rule of the plan is reusable (every rule of the catalogue is, for object roots): the
   * visitors already filed by hook, so lending the set to a document files nothing.
   */
  hooks: Hooks | null;
  /** The current document's recorder (null while the set is not lent). */
  sink: Record_ | null;
  header: DocumentHeader | null;
  declaredTags: ReadonlySet<string> | null;
}

interface Plan {
  entries: PlanEntry[];
  /** Sets not lent out. More than one exists only while several validators are alive at once. */
  free: ReusableSet[];
}

/**
 * The rules in force and their levels depend only on the rules, the options, the root type and the
 * version, not on the document: computed once per combination instead of per document (the real corpus
 * is 3,015 documents × 32 rules; a level lookup, a docs URL and a scope test each time added up to
 * ~10% of validation). Keyed by the rules array's identity and the options' content.
 */
const plans = new WeakMap<readonly Rule[], Map<string, Plan>>();

/**
 * What of the options a plan depends on, as a string. Workers receive their options per task by
 * structured clone and build a fresh EngineOptions per file, so identity alone missed the cache on
 * every file (20k files: 6% of the run re-planning and re-creating visitors). Cached per object.
 */
const optionKeys = new WeakMap<EngineOptions, string>();

function optionsKey(options: EngineOptions): string {
  let key = optionKeys.get(options);
  if (key === undefined) {
    const levels = Object.keys(options.ruleLevels)
      .sort()
      .map((id) => `${id}=${options.ruleLevels[id]}`)
      .join(',');
    key = `${options.target}|${levels}`;
    optionKeys.set(options, key);
  }
  return key;
}

/** The last plan looked up and what it was looked up by: consecutive documents mostly share one. */
let lastPlan: {
  rules: readonly Rule[];
  options: EngineOptions;
  isObjectRoot: boolean;
  version: SpecVersion | null;
  column: Target | null;
  plan: Plan;
} | null = null;

function planOf(
  rules: readonly Rule[],
  options: EngineOptions,
  isObjectRoot: boolean,
  version: SpecVersion | null,
  column: Target | null,
): Plan {
  const last = lastPlan;
  if (
    last !== null &&
    last.rules === rules &&
    last.options === options &&
    last.isObjectRoot === isObjectRoot &&
    last.version === version &&
    last.column === column
  ) {
    return last.plan;
  }
  const plan = lookUpPlan(rules, options, isObjectRoot, version, column);
  lastPlan = { rules, options, isObjectRoot, version, column, plan };
  return plan;
}

function lookUpPlan(
  rules: readonly Rule[],
  options: EngineOptions,
  isObjectRoot: boolean,
  version: SpecVersion | null,
  column: Target | null,
): Plan {
  let byKey = plans.get(rules);
  if (byKey === undefined) {
    byKey = new Map();
    plans.set(rules, byKey);
  }
  const key = `${optionsKey(options)}|${isObjectRoot ? 'o' : '-'}|${version}|${column}`;
  let plan = byKey.get(key);
  if (plan === undefined) {
    plan = { entries: [], free: [] };
    for (const rule of rules) {
      if (!rule.versionIndependent && (version === null || !isObjectRoot)) continue;
      const configured = options.ruleLevels[rule.id];
      // An unrecognized version still gets the version-independent rules at their latest level.
      const level: Level = configured ?? rule.levels[column ?? LATEST_VERSION];
      if (level === 'off') continue;
      plan.entries.push({
        rule,
        id: rule.id,
        specSection: sectionFor(rule, version),
        level,
        rank: rank(level),
        index: plan.entries.length,
        docsUrl: docsUrl(rule.id),
        documentScoped: rule.scope === 'document',
        collections: rule.collections ?? COLLECTION_KEYS,
        // Reused only for object roots, where the plan fixes version, target and root type.
        reusable: rule.reusable === true && isObjectRoot,
      });
    }
    byKey.set(key, plan);
  }
  return plan;
}

/** A new set of a plan's reusable visitors, reporting to whichever document currently holds it. */
function createReusableSet(plan: Plan, version: SpecVersion | null, column: Target | null): ReusableSet {
  const set: ReusableSet = { visitors: [], hooks: null, sink: null, header: null, declaredTags: null };
  plan.entries.forEach((entry, k) => {
    if (!entry.reusable) {
      set.visitors.push(undefined);
      return;
    }
    const context: RuleContext = {
      version,
      target: column,
      rootType: 'object',
      get declaredVersion() {
        return set.header?.mcpdesc;
      },
      get declaredProtocolVersions() {
        return set.header?.protocolVersions;
      },
      get declaredTags() {
        return set.declaredTags;
      },
      report: (path, message) => {
        set.sink?.(plan.entries[k]!, path, message);
      },
    };
    set.visitors.push(entry.rule.create(context));
  });
  if (plan.entries.every((entry) => entry.reusable)) {
    const hooks = emptyHooks();
    plan.entries.forEach((entry, k) => {
      classify(hooks, entry, set.visitors[k]!);
    });
    set.hooks = hooks;
  }
  return set;
}

function emptyHooks(): Hooks {
  return {
    members: [],
    elements: { tools: [], resources: [], resourceTemplates: [], prompts: [], tags: [] },
    ends: [],
    finishes: [],
    starts: [],
    documentScoped: [],
  };
}

interface Instance extends Hooks {
  version: SpecVersion | null;
  /** Give the borrowed reusable visitors back (after the document's `finish`). */
  release(): void;
}

const NO_RELEASE = () => {};

/**
 * Create (or borrow) the visitors of the rules in force, sorted by hook, and start them on the
 * document; `record` receives every report.
 */
function instantiate(
  header: DocumentHeader,
  options: EngineOptions,
  rules: readonly Rule[],
  record: Record_,
  reuse: boolean,
): Instance {
  const isObjectRoot = header.rootType === 'object';
  const version = isObjectRoot ? resolveVersion(header, options.target) : null;
  const column = resolveColumn(options.target, version);
  const plan = planOf(rules, options, isObjectRoot, version, column);
  const declaredTags = declaredTagNames(header.tags);
  let set: ReusableSet | null = null;
  if (reuse && isObjectRoot) {
    set = plan.free.pop() ?? createReusableSet(plan, version, column);
    set.sink = record;
    set.header = header;
    set.declaredTags = declaredTags;
  }
  const lent = set;
  let released = false;
  const release =
    lent === null
      ? NO_RELEASE
      : () => {
          // Once only: a second finish() must not lend the set to two documents.
          if (released) return;
          released = true;
          lent.sink = null;
          lent.header = null;
          lent.declaredTags = null;
          plan.free.push(lent);
        };
  if (set?.hooks) {
    const instance = instanceOf(set.hooks, version, release);
    start(instance);
    return instance;
  }
  const instance = instanceOf(emptyHooks(), version, release);
  const entries = plan.entries;
  for (let k = 0; k < entries.length; k++) {
    const entry = entries[k]!;
    const reused = set === null ? undefined : set.visitors[k];
    if (reused !== undefined) {
      classify(instance, entry, reused);
      continue;
    }
    const context: RuleContext = {
      version,
      target: column,
      declaredVersion: header.mcpdesc,
      declaredProtocolVersions: header.protocolVersions,
      declaredTags,
      rootType: header.rootType,
      report: (path, message) => record(entry, path, message),
    };
    classify(instance, entry, entry.rule.create(context));
  }
  start(instance);
  return instance;
}

/** One literal shape for both paths (a spread made the borrowed path's objects a shape of their own). */
function instanceOf(hooks: Hooks, version: SpecVersion | null, release: () => void): Instance {
  return {
    version,
    members: hooks.members,
    elements: hooks.elements,
    ends: hooks.ends,
    finishes: hooks.finishes,
    starts: hooks.starts,
    documentScoped: hooks.documentScoped,
    release,
  };
}

/** A new document begins: the visitors' `start` hooks, in plan order. */
function start(hooks: Hooks): void {
  for (const v of hooks.starts) v.start!();
}

/** File a visitor under the hooks it has, in plan order. */
function classify(hooks: Hooks, entry: PlanEntry, visitor: RuleVisitor): void {
  if (visitor.start) hooks.starts.push(visitor);
  if (visitor.member) hooks.members.push(visitor);
  if (visitor.element) {
    if (entry.documentScoped) hooks.documentScoped.push({ rule: entry.rule, visitor });
    else for (const collection of entry.collections) hooks.elements[collection].push(visitor);
  }
  if (visitor.collectionEnd) hooks.ends.push(visitor);
  if (visitor.finish) hooks.finishes.push(visitor);
}

/**
 * The engine keeps `path` as the diagnostic's path instead of copying it: every rule reports a fresh
 * array (a literal, a spread or a concat), and 50k diagnostics of the real corpus each paid a copy.
 */
function makeDiagnostic(entry: PlanEntry, path: readonly PathSegment[], message: string): Diagnostic {
  return {
    ruleId: entry.id,
    severity: entry.level,
    message,
    pointer: toPointer(path),
    path: path as PathSegment[],
    specSection: entry.specSection,
    docsUrl: entry.docsUrl,
  };
}

/** A report with nothing in it yet. */
export function emptyReport(mcpdesc: string | null = null): DocumentReport {
  return {
    mcpdesc,
    version: null,
    diagnostics: [],
    byRule: {},
    errors: 0,
    warnings: 0,
    infos: 0,
    truncated: false,
    tools: 0,
  };
}

/**
 * Count one finding: counts by rule and severity stay exact beyond the per-document cap, whatever the
 * list keeps. The one place that does this, for the engine, the parsers' findings and the streamed
 * path alike.
 */
export function countFinding(report: DocumentReport, ruleId: string, severity: Severity): void {
  report.byRule[ruleId] = (report.byRule[ruleId] ?? 0) + 1;
  countRank(report, rank(severity));
}

/** The count by severity of one finding, given as its `rank` (the engine's plan has it worked out). */
function countRank(report: DocumentReport, r: number): void {
  if (r === 0) report.errors++;
  else if (r === 1) report.warnings++;
  else report.infos++;
}

/** 0 for errors, 1 for warnings, 2 for infos: what the cap keeps first. */
function rank(severity: Severity): number {
  return severity === 'error' ? 0 : severity === 'warning' ? 1 : 2;
}

/**
 * Count a built diagnostic and keep it under the cap. At the cap, it takes the place of the last kept
 * finding of the lowest severity below its own, if there is one: a capped list keeps errors before
 * warnings before infos (a file with 1,000 warnings and then an error must not list only warnings
 * while it fails the run), and otherwise the order it was found in.
 */
export function addDiagnostic<D extends Diagnostic>(
  report: DocumentReport,
  diagnostic: D,
  max: number,
): void {
  countFinding(report, diagnostic.ruleId, diagnostic.severity);
  const list = report.diagnostics;
  if (list.length < max) {
    list.push(diagnostic);
    return;
  }
  report.truncated = true;
  const own = rank(diagnostic.severity);
  for (let worse = 2; worse > own; worse--) {
    for (let i = list.length - 1; i >= 0; i--) {
      if (rank(list[i]!.severity) !== worse) continue;
      list.splice(i, 1);
      list.push(diagnostic);
      return;
    }
  }
}

/**
 * The first `max` of `list` by severity, then in their order: every error up to the cap, then warnings,
 * then infos, each the earliest found. `list` keeps at most `max` of each severity (see `record`).
 */
export function keepBySeverity<D extends Diagnostic>(list: D[], max: number): D[] {
  if (list.length <= max) return list;
  const left = [0, 0, 0];
  for (const d of list) left[rank(d.severity)]!++;
  left[0] = Math.min(left[0]!, max);
  left[1] = Math.min(left[1]!, max - left[0]!);
  left[2] = max - left[0]! - left[1]!;
  return list.filter((d) => left[rank(d.severity)]!-- > 0);
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
  const hold = (r: number): boolean => {
    if (held[r]! >= max) {
      report.truncated = true;
      return false;
    }
    held[r]!++;
    return true;
  };
  const count = (ruleId: string, severity: Severity) => {
    countFinding(report, ruleId, severity);
    return hold(rank(severity));
  };
  // Counts by rule: a rule's first finding of the document adds its key to `byRule` (keys keep the
  // order of first findings), later ones only bump the count kept at its plan entry's index here,
  // added to `byRule` when the document finishes. A keyed update of `byRule` per finding went through
  // V8's megamorphic cache (its shape varies by document): ~1.5 ms of the real corpus' 50k findings.
  // Kept by index rather than found by a search of the rules counted so far, with the severity's
  // rank worked out once per plan: the real corpus' validation went from 28.4 to 27.0 ms with this.
  const counted: PlanEntry[] = [];
  const uncounted: number[] = [];
  const record: Record_ = (entry, path, message) => {
    const k = entry.index;
    const n = uncounted[k];
    if (n === undefined) {
      uncounted[k] = 0;
      counted.push(entry);
      const id = entry.id;
      report.byRule[id] = (report.byRule[id] ?? 0) + 1;
    } else {
      uncounted[k] = n + 1;
    }
    countRank(report, entry.rank);
    if (hold(entry.rank)) report.diagnostics.push(makeDiagnostic(entry, path, message));
  };
  const addUncounted = () => {
    for (const entry of counted) {
      const n = uncounted[entry.index]!;
      if (n === 0) continue;
      const id = entry.id;
      report.byRule[id] = (report.byRule[id] ?? 0) + n;
      uncounted[entry.index] = 0;
    }
  };

  // Element-scoped rules first, then document-scoped ones on projections: the same order a fanned-out
  // run produces (worker diagnostics for element i, then the main thread's for element i).
  const { version, members, elements, ends, finishes, documentScoped, release } = instantiate(
    header,
    options,
    rules,
    record,
    true,
  );
  report.version = version;

  return {
    diagnostics: report.diagnostics,
    member(key, value) {
      for (const v of members) v.member!(key, value);
    },
    element(collection, index, value) {
      if (collection === 'tools') report.tools++;
      for (const v of elements[collection]) v.element!(collection, index, value);
      for (const { rule, visitor } of documentScoped) {
        visitor.element!(collection, index, rule.project ? rule.project(collection, index, value) : value);
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
      try {
        for (const v of finishes) v.finish!();
      } finally {
        release();
      }
      addUncounted();
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
  // Not reused: a checker lives as long as its fan-out and has no end to give visitors back at.
  const { elements, documentScoped } = instantiate(
    header,
    options,
    rules,
    (entry, path, message) => {
      sink?.push(makeDiagnostic(entry, path, message));
    },
    false,
  );
  return {
    check(collection, index, value) {
      const diagnostics: Diagnostic[] = [];
      sink = diagnostics;
      try {
        for (const v of elements[collection]) v.element!(collection, index, value);
      } finally {
        sink = null;
      }
      const projections = documentScoped.map(({ rule }) =>
        rule.project ? rule.project(collection, index, value) : value,
      );
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
