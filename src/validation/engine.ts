// Runs the rule catalogue over one document, seen as root members plus collection elements.
// Whole-file mode (validateDocument) is a thin loop over the same calls the streaming splitter makes,
// so both modes produce identical diagnostics in identical order.
import type { Diagnostic, Level, PathSegment, Severity, SpecVersion, Target } from '../types.js';
import { SPEC_VERSIONS } from '../types.js';
import { docsUrl } from './docs.js';
import { toPointer } from './pointer.js';
import type { CollectionKey, RootType, Rule, RuleContext, RuleVisitor } from './rule.js';
import { isCollectionKey } from './rule.js';
import { RULES } from './rules/index.js';

export const LATEST_VERSION: SpecVersion = '0.7.0';

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
  member(key: string, value: unknown): void;
  element(collection: CollectionKey, index: number, value: unknown): void;
  collectionEnd(collection: CollectionKey, length: number): void;
  finish(): DocumentReport;
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
  if (rootType !== 'object') return { rootType, hasMcpdesc: false, mcpdesc: undefined, tags: undefined };
  const obj = doc as Record<string, unknown>;
  return {
    rootType,
    hasMcpdesc: Object.hasOwn(obj, 'mcpdesc'),
    mcpdesc: obj.mcpdesc,
    tags: Object.hasOwn(obj, 'tags') ? obj.tags : undefined,
  };
}

function isSpecVersion(value: unknown): value is SpecVersion {
  return typeof value === 'string' && (SPEC_VERSIONS as readonly string[]).includes(value);
}

/** The structural version: a version `--target`, else the declared one, else (undeclared) the latest. */
export function resolveVersion(header: DocumentHeader, target: Target | null): SpecVersion | null {
  if (target !== null && isSpecVersion(target)) return target;
  if (!header.hasMcpdesc) return LATEST_VERSION;
  return isSpecVersion(header.mcpdesc) ? header.mcpdesc : null;
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

export function createDocumentValidator(
  header: DocumentHeader,
  options: EngineOptions = DEFAULT_ENGINE_OPTIONS,
  rules: readonly Rule[] = RULES,
): DocumentValidator {
  const version = header.rootType === 'object' ? resolveVersion(header, options.target) : null;
  const column: Target | null = options.target ?? version;
  const report: DocumentReport = {
    mcpdesc: typeof header.mcpdesc === 'string' ? header.mcpdesc : null,
    version,
    diagnostics: [],
    byRule: {},
    errors: 0,
    warnings: 0,
    infos: 0,
    truncated: false,
    tools: 0,
  };
  const declaredTags = declaredTagNames(header.tags);
  const visitors: RuleVisitor[] = [];
  const documentScoped: Array<{ rule: Rule; visitor: RuleVisitor }> = [];

  const record = (rule: Rule, severity: Severity, path: readonly PathSegment[], message: string) => {
    report.byRule[rule.id] = (report.byRule[rule.id] ?? 0) + 1;
    if (severity === 'error') report.errors++;
    else if (severity === 'warning') report.warnings++;
    else report.infos++;
    if (report.diagnostics.length >= options.maxDiagnostics) {
      report.truncated = true;
      return;
    }
    report.diagnostics.push({
      ruleId: rule.id,
      severity,
      message,
      pointer: toPointer(path),
      path: [...path],
      specSection: rule.specSection,
      docsUrl: docsUrl(rule.id),
    });
  };

  for (const rule of rules) {
    if (!rule.versionIndependent && (version === null || header.rootType !== 'object')) continue;
    const configured = options.ruleLevels[rule.id];
    // An unrecognized version still gets the version-independent rules at their latest level.
    const level: Level = configured ?? rule.levels[column ?? LATEST_VERSION];
    if (level === 'off') continue;
    const context: RuleContext = {
      version,
      target: column,
      declaredVersion: header.mcpdesc,
      declaredTags,
      rootType: header.rootType,
      report: (path, message) => record(rule, level, path, message),
    };
    const visitor = rule.create(context);
    visitors.push(visitor);
    if (rule.scope === 'document' && visitor.element) documentScoped.push({ rule, visitor });
  }

  const members = visitors.filter((v) => v.member);
  // Element-scoped rules first, then document-scoped ones on projections: the same order a fanned-out
  // run produces (worker diagnostics for element i, then the main thread's for element i).
  const elements = visitors.filter((v) => v.element && !documentScoped.some((d) => d.visitor === v));
  const ends = visitors.filter((v) => v.collectionEnd);
  const finishes = visitors.filter((v) => v.finish);

  return {
    member(key, value) {
      for (const v of members) v.member!(key, value);
    },
    element(collection, index, value) {
      if (collection === 'tools') report.tools++;
      for (const v of elements) v.element!(collection, index, value);
      for (const { rule, visitor } of documentScoped) {
        visitor.element!(collection, index, rule.project ? rule.project(collection, index, value) : value);
      }
    },
    collectionEnd(collection, length) {
      for (const v of ends) v.collectionEnd!(collection, length);
    },
    finish() {
      for (const v of finishes) v.finish!();
      return report;
    },
  };
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
      if (isCollectionKey(key) && Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) validator.element(key, i, value[i]);
        validator.collectionEnd(key, value.length);
      } else {
        validator.member(key, value);
      }
    }
  }
  return validator.finish();
}
