// The one place that configures Ajv for our fragments, shared by the build step (standalone code)
// and the runtime compilation the differential test compares it with.
//
// Formats: `uri` is RFC 3986's grammar (formats/uri-grammar.cts), deliberately stricter than the
// ajv-formats pattern the oracle uses, which lets through authorities such as `example.com:port`
// (docs/differences.md). Email values are plain strings here: RFC 5322 is a SHOULD (§14.6), judged by
// mcpdesc.email.address.
// In standalone output the format functions are `require`d at load time (`code.formats`), by a path
// relative to the generated modules in compiled/, which is why those modules are CommonJS.

import type { ValidateFunction } from 'ajv';
import { _, Ajv } from 'ajv';
import { formats } from '../formats/uri.js';
import type { FragmentEntry } from './fragment.js';
import type { ScreenModule } from './screens.js';

export const FORMATS = ['uri'] as const;

/** Where the generated modules (dist/src/validation/compiled/) find the same format functions. */
const FORMATS_MODULE = '../formats/uri-grammar.cjs';

export interface AjvVariant {
  /** Collect every error (the slow path, run only after the fast validator failed). */
  allErrors: boolean;
  /** Emit source for `ajv/dist/standalone`. */
  standalone: boolean;
  /**
   * Rule screens: schemas over the whole document that place fragments with `properties` and `items`
   * where the type is another rule's to require, so keywords go without a `type` beside them.
   */
  screens?: boolean;
  /** Schemas cut into parts (compose.ts `factor`): each part is generated once and called, never inlined. */
  factored?: boolean;
}

export function createAjv({ allErrors, standalone, screens = false, factored = false }: AjvVariant): Ajv {
  const ajv = new Ajv({
    allErrors,
    // The all-errors variant keeps data and parent schema in each error: the adapter names the found
    // type and the allowed properties from them. The fast variant only answers yes/no.
    verbose: allErrors,
    strict: true,
    // A part cut from its parent (factored) may lack the `type` beside it; the fragments themselves are
    // compiled whole and strict by `compileRuntime`, which the standalone test compares with.
    strictTypes: !screens && !factored,
    strictRequired: !screens && !factored,
    // Screens only answer yes or no, and call their parts (compose.ts `factor`) as functions.
    ...(screens ? { messages: false, inlineRefs: false } : factored ? { inlineRefs: false } : {}),
    // 0.8.0 content blocks, security schemes and interaction steps are unions keyed by `type`: only
    // the branch their tag selects is checked and reported, never every branch of the `oneOf`.
    discriminator: true,
    code: standalone ? { source: true, formats: _`require(${FORMATS_MODULE}).formats` } : { optimize: true },
  });
  for (const name of FORMATS) ajv.addFormat(name, formats[name]);
  return ajv;
}

/** Add every fragment to `ajv` under its export name. */
export function addFragments(ajv: Ajv, entries: readonly FragmentEntry[]): void {
  for (const entry of entries) ajv.addSchema({ ...entry.schema }, entry.exportName);
}

/** Compile every fragment in process: what the standalone modules must agree with. */
export function compileRuntime(
  entries: readonly FragmentEntry[],
  allErrors: boolean,
): Record<string, ValidateFunction> {
  const ajv = createAjv({ allErrors, standalone: false });
  addFragments(ajv, entries);
  const out: Record<string, ValidateFunction> = {};
  for (const entry of entries) out[entry.exportName] = ajv.getSchema(entry.exportName)!;
  return out;
}

/** A screen module's validators compiled in process (tests of catalogues the build did not see). */
export function compileScreens(module: ScreenModule): Record<string, ValidateFunction> {
  const ajv = createAjv({ allErrors: false, standalone: false, screens: true });
  for (const resource of module.resources) ajv.addSchema({ ...resource });
  const out: Record<string, ValidateFunction> = {};
  for (const entry of module.entries) out[entry.exportName] = ajv.compile(entry.schema);
  return out;
}
