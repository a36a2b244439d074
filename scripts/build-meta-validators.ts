// Build step: generate standalone validators for the JSON Schema meta-schemas that document-provided
// `inputSchema` / `outputSchema` values are checked against (2020-12, 2019-09, draft-07).
// The meta-schemas are the ones shipped inside the `ajv` package; only *they* are compiled. A document's
// own schema is data: it is validated by these functions and never compiled.
// Output is CommonJS (`.cjs`): Ajv's ESM standalone output still calls require() (ajv-validator/ajv#2209).
// Runs after tsc, from dist/scripts/, writing next to the compiled validation code.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMetaAjv, type MetaAjv } from '../src/validation/json-schema/meta-ajv.js';
import { DIALECTS, META_VALIDATOR_FILES } from '../src/validation/json-schema/meta-options.js';

const require = createRequire(import.meta.url);
const standaloneCode = (
  require('ajv/dist/standalone') as { default: (ajv: MetaAjv, refs: Record<string, string>) => string }
).default;

const outDir = join(dirname(fileURLToPath(import.meta.url)), '../src/validation/compiled');
mkdirSync(outDir, { recursive: true });

for (const dialect of DIALECTS) {
  const { file, metaSchemaId } = META_VALIDATOR_FILES[dialect];
  const code = standaloneCode(createMetaAjv(dialect, { code: { source: true } }), { validate: metaSchemaId });
  writeFileSync(join(outDir, file), code);
  console.log(`build-meta-validators: ${dialect} → ${file} (${code.length} bytes)`);
}
