// Build step: generate standalone validators for the JSON Schema meta-schemas that document-provided
// `inputSchema` / `outputSchema` values are checked against (2020-12, 2019-09, draft-07).
// The meta-schemas are the ones shipped inside the `ajv` package; only *they* are compiled. A document's
// own schema is data: it is validated by these functions and never compiled (see DESIGN.md §3).
// Output is CommonJS (`.cjs`): Ajv's ESM standalone output still calls require() (ajv issue 2209).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { META_VALIDATOR_FILES, META_VALIDATOR_OPTIONS } from '../src/validation/json-schema/meta-options.js';

const require = createRequire(import.meta.url);
// Ajv is CommonJS; these minimal shapes are all the script needs from it.
interface AjvCore {
  readonly opts: object;
}
type AjvClass = new (options: object) => AjvCore;
const Ajv2020 = (require('ajv/dist/2020') as { default: AjvClass }).default;
const Ajv2019 = (require('ajv/dist/2019') as { default: AjvClass }).default;
const AjvDraft07 = (require('ajv') as { default: AjvClass }).default;
const addFormats = (require('ajv-formats') as { default: (ajv: AjvCore, options: object) => AjvCore })
  .default;
const standaloneCode = (
  require('ajv/dist/standalone') as { default: (ajv: AjvCore, refs: Record<string, string>) => string }
).default;

const outDir = join(dirname(fileURLToPath(import.meta.url)), '../src/validation/compiled');
mkdirSync(outDir, { recursive: true });

interface AddSchema {
  addSchema(schema: object, key?: string, meta?: boolean, validateSchema?: boolean): void;
}
const refs = (names: string[]) => names.map((name) => require(`ajv/dist/refs/${name}.json`) as object);
const metaSchemas: Record<keyof typeof META_VALIDATOR_FILES, object[]> = {
  '2020-12': refs([
    'json-schema-2020-12/schema',
    ...['applicator', 'unevaluated', 'content', 'core', 'format-annotation', 'meta-data', 'validation'].map(
      (m) => `json-schema-2020-12/meta/${m}`,
    ),
  ]),
  '2019-09': refs([
    'json-schema-2019-09/schema',
    ...['applicator', 'content', 'core', 'format', 'meta-data', 'validation'].map(
      (m) => `json-schema-2019-09/meta/${m}`,
    ),
  ]),
  'draft-07': refs(['json-schema-draft-07']),
};
const classes: Record<keyof typeof META_VALIDATOR_FILES, AjvClass> = {
  '2020-12': Ajv2020,
  '2019-09': Ajv2019,
  'draft-07': AjvDraft07,
};

for (const [dialect, spec] of Object.entries(META_VALIDATOR_FILES) as Array<
  [keyof typeof META_VALIDATOR_FILES, (typeof META_VALIDATOR_FILES)[keyof typeof META_VALIDATOR_FILES]]
>) {
  // `meta: false`, then the meta-schemas added as ordinary schemas: Ajv compiles schemas added as
  // meta-schemas with the options captured in its constructor, where format validation is switched
  // off, which would leave `format: "regex"` / `"uri-reference"` unchecked.
  const ajv = new classes[dialect]({ ...META_VALIDATOR_OPTIONS, meta: false, code: { source: true } });
  addFormats(ajv, { mode: 'fast', formats: ['uri', 'uri-reference', 'regex'], keywords: false });
  for (const schema of metaSchemas[dialect])
    (ajv as unknown as AddSchema).addSchema(schema, undefined, false, false);
  const code = standaloneCode(ajv, { validate: spec.metaSchemaId });
  const file = join(outDir, spec.file);
  writeFileSync(file, code);
  console.log(`build-meta-validators: ${dialect} → ${file} (${code.length} bytes)`);
}
