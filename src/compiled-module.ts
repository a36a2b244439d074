// Loads the generated CommonJS validators (dist/src/validation/compiled/*.cjs) as require() would, but
// with V8's code cache when the build left one beside the module (`<file>.v8cache`,
// scripts/build-code-cache.ts). Node 20 has no compile cache of its own, and every thread that meets a
// version compiles ~100-300 KB of generated code, most of it again on its first calls: the cache
// carries the bytecode of the functions the build ran, so a thread skips both. A cache V8 rejects
// (another Node, other V8 flags) or none at all only means compiling as before. A module loader, as
// require() is: it reads the build's own code, never an input, so validation/ imports it and stays free
// of file I/O itself.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

/** The file name suffix of a module's code cache. */
export const CODE_CACHE_SUFFIX = '.v8cache';

/**
 * CommonJS's own wrapper, plus `__bundleImport`: import() from this module, for the bundled worker's
 * imports of what it leaves external (scripts/bundle.ts). A script's own import() fails once it comes
 * from a code cache (Node 20 drops its dynamic import callback). The cache is keyed on the exact
 * source, so build and run use this wrapper.
 */
const HEAD = '(function (exports, require, module, __filename, __dirname, __bundleImport) { ';
const TAIL = '\n});';

interface Loaded {
  exports: Record<string, unknown>;
  script: Script;
  /** The code cache was given and V8 took it. */
  cached: boolean;
}

/** One instance per module and thread, as with require(). */
const loaded = new Map<string, Loaded>();

function readCache(path: string): Buffer | undefined {
  try {
    return readFileSync(path + CODE_CACHE_SUFFIX);
  } catch {
    return undefined;
  }
}

/** The exports of the generated module at `url` (throws as require() does when it is missing). */
export function loadCompiled(url: URL): Record<string, unknown> {
  const path = fileURLToPath(url);
  let entry = loaded.get(path);
  if (entry === undefined) {
    const source = readFileSync(path, 'utf8');
    const cachedData = readCache(path);
    const script = new Script(HEAD + source + TAIL, {
      filename: path,
      ...(cachedData ? { cachedData } : {}),
    });
    const module = { exports: {} as Record<string, unknown> };
    const body = script.runInThisContext() as (...args: unknown[]) => void;
    const bundleImport = (specifier: string) => import(specifier);
    body.call(module.exports, module.exports, createRequire(path), module, path, dirname(path), bundleImport);
    entry = {
      exports: module.exports,
      script,
      cached: cachedData !== undefined && !script.cachedDataRejected,
    };
    loaded.set(path, entry);
  }
  return entry.exports;
}

/** Whether the module at `url` was loaded from its code cache (tests). */
export function loadedFromCache(url: URL): boolean {
  return loaded.get(fileURLToPath(url))?.cached === true;
}

/**
 * The code cache of every module this thread loaded, with the bytecode of every function it has run
 * so far: the build runs the validators over sample documents first (scripts/build-code-cache.ts).
 */
export function codeCaches(): Array<{ path: string; data: Buffer }> {
  return [...loaded].map(([path, { script }]) => ({
    path: path + CODE_CACHE_SUFFIX,
    data: script.createCachedData(),
  }));
}
