// Verdict first. Most documents of a registry are clean, and a clean document needs no diagnostics: it
// is checked by validators generated at build time from the rules' own screens (rule.ts `RuleScreen`),
// one call per document for what JSON Schema can say, then the rules' screen tests for the rest (tag
// references, duplicate names, tool schemas...). A document that passes gets no finding from any rule
// in force, at any level, and never enters the engine; any other goes to the engine, which alone
// writes findings. A rule in force without a screen makes the fast path call nothing clean.

import { loadCompiled } from '../compiled-module.js';
import type { Level, SpecVersion } from '../types.js';
import {
  type DocumentHeader,
  type DocumentKind,
  type DocumentReport,
  declaredTagNames,
  type EngineOptions,
  emptyReport,
  headerOf,
  kindOf,
  rulesInForce,
  validateDocument,
} from './engine.js';
import type { Dialect } from './json-schema/dialect.js';
import { type AnalyzedToolSchema, analyzedToolSchemas } from './json-schema/tool-schemas.js';
import { type JsonObject, ownArray } from './json-schema/values.js';
import { analyzeSchema, SchemaAnalyses, type SchemaAnalysis } from './json-schema/walk.js';
import { KindTable } from './kinds.js';
import type { Rule, RuleScreen, ScreenFacts } from './rule.js';
import { RULES } from './rules/index.js';
import {
  SCREEN_MANIFEST,
  type ScreenManifest,
  screenCovers,
  screenFile,
  screenSchema,
  setKey,
} from './schema/screens.js';
import type { ValidateLike } from './schema/validators.js';

/** The screen validators of one version: composed sets by `setKey`, and (loaded on demand) each rule's own by id. */
export interface ScreenValidators {
  sets: Readonly<Record<string, ValidateLike>>;
  rules(): Readonly<Record<string, ValidateLike>>;
}

/** Where screen validators come from: the generated modules, or (in tests) compiled at run time. */
export type ScreenSource = (version: SpecVersion | null) => ScreenValidators;

/** The generated modules (scripts/build-validators.ts), each loaded on first use. */
export function generatedScreens(): ScreenSource {
  const compiled = (file: string) => loadCompiled(new URL(file, import.meta.url));
  const load = (file: string, names: (manifest: ScreenManifest) => Record<string, string>) => {
    let module: Record<string, unknown>;
    try {
      module = compiled(`./compiled/${file}`) as Record<string, unknown>;
    } catch (cause) {
      throw new Error(`generated screen validators missing (${file}); run npm run build`, { cause });
    }
    const manifest = module[SCREEN_MANIFEST] as ScreenManifest;
    return Object.fromEntries(
      Object.entries(names(manifest)).map(([key, name]) => [key, module[name] as ValidateLike]),
    );
  };
  const loaded = new Map<SpecVersion | null, ScreenValidators>();
  return (version) => {
    let validators = loaded.get(version);
    if (validators === undefined) {
      let rules: Readonly<Record<string, ValidateLike>> | null = null;
      validators = {
        sets: load(screenFile(version), (manifest) => manifest.sets),
        rules: () => {
          rules ??= load(screenFile(version, true), (manifest) => manifest.rules);
          return rules;
        },
      };
      loaded.set(version, validators);
    }
    return validators;
  };
}

type ScreenTest = NonNullable<RuleScreen['test']>;

/** What the fast path runs for one kind of document under one set of `--rule` levels. */
interface Plan {
  /** Some rule in force has no usable screen: no document of this kind is called clean. */
  refused: boolean;
  /** The composed validator of the rules in force (or, when the build made none, each rule's own). */
  validators: ValidateLike[];
  tests: ScreenTest[];
}

const REFUSED: Plan = { refused: true, validators: [], tests: [] };

/** What a rule's screen tests know of a document (tag names, tool schemas and walks made on first need). */
class DocumentFacts implements ScreenFacts {
  private tags: ReadonlySet<string> | null | undefined;
  private analyses: SchemaAnalyses | null = null;
  private schemas: readonly AnalyzedToolSchema[] | null = null;

  constructor(
    readonly version: SpecVersion | null,
    private readonly header: DocumentHeader,
    private readonly document: JsonObject,
  ) {}

  get declaredTags(): ReadonlySet<string> | null {
    if (this.tags === undefined) this.tags = declaredTagNames(this.header.tags);
    return this.tags;
  }

  /** One list for every tool-schema screen: each schema is found, its dialect read and walked once. */
  get toolSchemas(): readonly AnalyzedToolSchema[] {
    // Each schema is listed once: its walk needs no table.
    this.schemas ??= analyzedToolSchemas(this.document, analyzeSchema);
    return this.schemas;
  }

  /** A property, not a method: rules pass it on as a function. */
  readonly analyze = (schema: JsonObject, dialect: Dialect): SchemaAnalysis => {
    this.analyses ??= new SchemaAnalyses();
    return this.analyses.analyze(schema, dialect);
  };
}

export interface FastPath {
  /** True only when no rule in force under `options` can report anything about `doc`. */
  isClean(doc: unknown, options: EngineOptions): boolean;
  /** When `doc` is clean (as `isClean`), its report: what the engine's would hold; else null. */
  cleanReport(doc: unknown, options: EngineOptions): DocumentReport | null;
  /** True when some rule in force for `doc` under `options` has no screen covering it: never clean. */
  refuses(doc: unknown, options: EngineOptions): boolean;
}

/** A fast path over `rules`, with their screen validators from `source`. */
export function createFastPath(rules: readonly Rule[], source: ScreenSource): FastPath {
  const plans = new KindTable<Plan>();

  const makePlan = (kind: DocumentKind, ruleLevels: Readonly<Record<string, Level>>): Plan => {
    const ids: string[] = [];
    const tests: ScreenTest[] = [];
    for (const { rule } of rulesInForce(rules, ruleLevels, kind)) {
      const screen = rule.screen;
      if (!screenCovers(rule, kind.version, kind.column)) return REFUSED;
      if (screen!.parser === true) continue;
      if (screen!.test !== undefined) {
        // Screen tests read an object root; no rule that has one runs for any other.
        if (!kind.isObjectRoot) return REFUSED;
        tests.push(screen!.test);
      }
      if (screenSchema(rule, kind.version) !== null) ids.push(rule.id);
    }
    const screens = source(kind.version);
    const set = screens.sets[setKey(ids)];
    const validators = set !== undefined ? [set] : ids.map((id) => screens.rules()[id]!);
    if (validators.some((validate) => validate === undefined))
      throw new Error('screen validators missing; rebuild');
    return { refused: false, validators, tests };
  };

  const planOf = (header: DocumentHeader, kind: DocumentKind, options: EngineOptions): Plan =>
    plans.get({ rootType: header.rootType, ...kind }, options.ruleLevels, () =>
      makePlan(kind, options.ruleLevels),
    );

  const clean = (
    doc: unknown,
    header: DocumentHeader,
    kind: DocumentKind,
    options: EngineOptions,
  ): boolean => {
    const plan = planOf(header, kind, options);
    if (plan.refused) return false;
    try {
      for (const validate of plan.validators) if (!validate(doc)) return false;
      if (plan.tests.length === 0) return true;
      const facts = new DocumentFacts(kind.version, header, doc as JsonObject);
      for (const test of plan.tests) if (!test(doc as JsonObject, facts)) return false;
      return true;
    } catch (error) {
      // Data nested deeper than a recursive validator can follow: the engine says what it is.
      if (error instanceof RangeError) return false;
      throw error;
    }
  };

  return {
    refuses(doc, options) {
      const header = headerOf(doc);
      return planOf(header, kindOf(header, options.target), options).refused;
    },
    isClean(doc, options) {
      const header = headerOf(doc);
      return clean(doc, header, kindOf(header, options.target), options);
    },
    cleanReport(doc, options) {
      // The header and kind read once, for the verdict and the report.
      const header = headerOf(doc);
      const kind = kindOf(header, options.target);
      if (!clean(doc, header, kind, options)) return null;
      const report = emptyReport(typeof header.mcpdesc === 'string' ? header.mcpdesc : null);
      report.version = kind.version;
      if (kind.isObjectRoot) report.tools = ownArray(doc as JsonObject, 'tools').length;
      return report;
    },
  };
}

let fastPath: FastPath | null = null;

/**
 * Validate a parsed document: the verdict first. A clean document gets its (empty) report without the
 * engine; any other is validated by the engine, which alone writes findings.
 */
export function checkDocument(doc: unknown, options: EngineOptions): DocumentReport {
  fastPath ??= createFastPath(RULES, generatedScreens());
  return fastPath.cleanReport(doc, options) ?? validateDocument(doc, options);
}
