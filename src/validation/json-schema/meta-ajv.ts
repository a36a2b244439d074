// How the meta-schema validators are compiled: used by scripts/build-meta-validators.ts (standalone
// code generation) and by the test that checks generated and runtime-compiled validators agree.
// Never imported on the validation path: workers load the generated `.cjs` files instead (no Ajv
// compilation per worker), and only the meta-schemas shipped with Ajv are ever compiled.
import { createRequire } from 'node:module';
import type { Dialect } from './meta-options.js';
import { META_VALIDATOR_FILES, META_VALIDATOR_OPTIONS } from './meta-options.js';

const require = createRequire(import.meta.url);

/** The part of Ajv's API this module uses (Ajv is CommonJS and its classes differ per dialect). */
export interface MetaAjv {
  addSchema(schema: object, key?: string, meta?: boolean, validateSchema?: boolean): unknown;
  getSchema(id: string): ((data: unknown) => boolean) | undefined;
}
type AjvClass = new (options: object) => MetaAjv;

const classes: Record<Dialect, () => AjvClass> = {
  '2020-12': () => (require('ajv/dist/2020') as { default: AjvClass }).default,
  '2019-09': () => (require('ajv/dist/2019') as { default: AjvClass }).default,
  'draft-07': () => (require('ajv') as { default: AjvClass }).default,
};

const refs = (names: string[]) => names.map((name) => require(`ajv/dist/refs/${name}.json`) as object);
const metaSchemaFiles: Record<Dialect, () => object[]> = {
  '2020-12': () =>
    refs([
      'json-schema-2020-12/schema',
      ...['applicator', 'unevaluated', 'content', 'core', 'format-annotation', 'meta-data', 'validation'].map(
        (m) => `json-schema-2020-12/meta/${m}`,
      ),
    ]),
  '2019-09': () =>
    refs([
      'json-schema-2019-09/schema',
      ...['applicator', 'content', 'core', 'format', 'meta-data', 'validation'].map(
        (m) => `json-schema-2019-09/meta/${m}`,
      ),
    ]),
  'draft-07': () => refs(['json-schema-draft-07']),
};

/**
 * An Ajv instance holding `dialect`'s meta-schema, ready for `getSchema(metaSchemaId)` or standalone
 * generation. `meta: false`, then the meta-schemas added as ordinary schemas: Ajv compiles schemas it
 * holds *as meta-schemas* with options captured in its constructor, where format validation is
 * switched off, which would leave `format: "regex"` and `"uri-reference"` unchecked.
 */
export function createMetaAjv(dialect: Dialect, extra: object = {}): MetaAjv {
  const Ajv = classes[dialect]();
  const ajv = new Ajv({ ...META_VALIDATOR_OPTIONS, meta: false, ...extra });
  const addFormats = (require('ajv-formats') as { default: (ajv: MetaAjv, options: object) => MetaAjv })
    .default;
  addFormats(ajv, { mode: 'fast', formats: ['uri', 'uri-reference', 'regex'], keywords: false });
  for (const schema of metaSchemaFiles[dialect]()) ajv.addSchema(schema, undefined, false, false);
  return ajv;
}

export function metaSchemaId(dialect: Dialect): string {
  return META_VALIDATOR_FILES[dialect].metaSchemaId;
}
