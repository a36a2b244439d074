// Loads the standalone validators generated at build time (scripts/build-validators.ts) and hands
// each structural rule the pair it needs: a fast validator (first error stops it, no error objects
// kept) for the happy path, and an all-errors variant run only when the fast one fails.
// Loading the generated CommonJS is cheap per worker, where compiling at start would dominate a small run
// (compiled-module.ts: with the build's code cache).

import { loadCompiled } from '../../compiled-module.js';
import type { SpecVersion } from '../../types.js';
import { fragmentKey } from './fragment.js';

/** The shape of an Ajv validate function, as much of it as we use. */
export interface ValidateLike {
  (data: unknown): boolean;
  errors?: ReadonlyArray<AjvError> | null;
}

/** The parts of Ajv's ErrorObject the adapter reads (`verbose` adds data and parentSchema). */
export interface AjvError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message?: string;
  data?: unknown;
  parentSchema?: Record<string, unknown>;
  /** Set on the errors `propertyNames` found in a member name (the name, not a value, failed). */
  propertyName?: string;
}

/** Where validators come from: a version's generated modules, or (in tests) runtime-compiled ones for all. */
export interface ValidatorSource {
  manifest: Readonly<Record<string, string>>;
  fast: Readonly<Record<string, ValidateLike>>;
  /** Loaded on first use: most documents never need it. */
  all(): Readonly<Record<string, ValidateLike>>;
}

export interface Fragment {
  /** True when `data` conforms. Allocation-free on success. May throw RangeError on very deep data. */
  readonly fast: ValidateLike;
  /** Every error of `data` (call only after `fast` returned false). */
  errors(data: unknown): ReadonlyArray<AjvError>;
  /**
   * null when `data` conforms, else every error. Never throws for data: a value nested deeper than
   * the validator's recursion allows (JSON.parse accepts 100,000 levels; recursive fragments overflow
   * the stack long before) becomes one `depth` error instead of an exception.
   */
  check(data: unknown): ReadonlyArray<AjvError> | null;
}

/** The error a too-deeply nested value gets (see Fragment.check). */
export const TOO_DEEP: ReadonlyArray<AjvError> = [
  {
    keyword: 'depth',
    instancePath: '',
    schemaPath: '#',
    params: {},
    message: 'is nested too deeply to be checked',
  },
];

function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError;
}

export const MANIFEST_EXPORT = '__manifest';

/**
 * The generated module of one version's fragments: first-error (with the version's manifest) or all
 * errors. One pair per version, so a run compiles the code of the versions it meets, not of all seven.
 */
export function compiledFile(version: SpecVersion, allErrors: boolean): string {
  return `structural-${allErrors ? 'all' : 'fast'}-${version}.cjs`;
}

/** Set by tests: one source for every version. */
let override: ValidatorSource | null = null;
const generated = new Map<SpecVersion, ValidatorSource>();
/** Bumped when the source changes, so handles resolve again. */
let generation = 0;

function loadGenerated(version: SpecVersion): ValidatorSource {
  const compiled = (file: string) => loadCompiled(new URL(file, import.meta.url));
  const dir = '../compiled/';
  const file = compiledFile(version, false);
  let fast: Record<string, ValidateLike>;
  try {
    fast = compiled(`${dir}${file}`) as Record<string, ValidateLike>;
  } catch (error) {
    throw new Error(
      `generated validators missing (${dir}${file}); run npm run build (scripts/build-validators.ts)`,
      { cause: error },
    );
  }
  const manifest = (fast as unknown as Record<string, Record<string, string>>)[MANIFEST_EXPORT] ?? {};
  let all: Record<string, ValidateLike> | null = null;
  return {
    manifest,
    fast,
    all() {
      all ??= compiled(`${dir}${compiledFile(version, true)}`) as Record<string, ValidateLike>;
      return all;
    },
  };
}

function sourceFor(version: SpecVersion): ValidatorSource {
  if (override !== null) return override;
  let source = generated.get(version);
  if (source === undefined) {
    source = loadGenerated(version);
    generated.set(version, source);
  }
  return source;
}

/** Replace the validator source (tests compare generated and runtime-compiled validators). */
export function setValidatorSource(next: ValidatorSource | null): void {
  override = next;
  generation++;
}

/** The validators of `ruleId`'s `part` for `version`, or null when that version has no such part. */
export function getFragment(ruleId: string, part: string, version: SpecVersion | null): Fragment | null {
  return version === null ? null : resolve(ruleId, part, version);
}

/** A rule's lookup of one part: the validators it resolved, per version (loaded once). */
export interface FragmentHandle {
  get(version: SpecVersion | null): Fragment | null;
}

/** Create at module load, next to the fragment it looks up (`const INFO = fragmentHandle(ID, 'info')`). */
export function fragmentHandle(ruleId: string, part: string): FragmentHandle {
  let seen = -1;
  let byVersion = new Map<SpecVersion, Fragment | null>();
  return {
    get(version) {
      if (version === null) return null;
      if (seen !== generation) {
        byVersion = new Map();
        seen = generation;
      }
      let fragment = byVersion.get(version);
      if (fragment === undefined) {
        fragment = resolve(ruleId, part, version);
        byVersion.set(version, fragment);
      }
      return fragment;
    },
  };
}

function resolve(ruleId: string, part: string, version: SpecVersion): Fragment | null {
  const current = sourceFor(version);
  const name = current.manifest[fragmentKey(ruleId, part, version)];
  if (name === undefined) return null;
  const fast = current.fast[name];
  if (!fast) throw new Error(`generated validators lack ${name}; rebuild`);
  // The all-errors variant, looked up on first need (real dumps fail the tool fragment 24k times).
  let full: ValidateLike | undefined;
  const errors = (data: unknown): ReadonlyArray<AjvError> => {
    full ??= current.all()[name]!;
    try {
      full(data);
    } catch (error) {
      if (isStackOverflow(error)) return TOO_DEEP;
      throw error;
    }
    return full.errors ?? [];
  };
  return {
    fast,
    errors,
    check(data) {
      try {
        if (fast(data)) return null;
      } catch (error) {
        if (isStackOverflow(error)) return TOO_DEEP;
        throw error;
      }
      return errors(data);
    },
  };
}
