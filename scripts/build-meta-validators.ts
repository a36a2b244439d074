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

// Ajv appends a sub-validator's errors with `vErrors = vErrors.concat(…)`, a copy of every error so far
// at each failing subschema: a schema with n invalid subschemas cost O(n²). Appending in place is what
// the generated code does with its own errors (and a sub-validator's array is never read again once its
// caller took it). A pattern that no longer matches stops the build rather than stay quadratic.
const CONCAT = /vErrors = vErrors === null \? ([\w$.]+) : vErrors\.concat\(\1\);/g;

function appendInPlace(code: string, file: string): string {
  let replaced = 0;
  const out = code.replace(CONCAT, (_match, errors: string) => {
    replaced++;
    return `if (vErrors === null) vErrors = ${errors}; else { const _e = ${errors}; for (let _i = 0, _n = _e.length; _i < _n; _i++) vErrors.push(_e[_i]); }`;
  });
  const left = out.split('.concat(').length - 1;
  if (replaced === 0 || left > 0) {
    throw new Error(
      `build-meta-validators: ${file}: ${replaced} error concatenations rewritten, ${left} left`,
    );
  }
  return out;
}

for (const dialect of DIALECTS) {
  const { file, metaSchemaId } = META_VALIDATOR_FILES[dialect];
  const code = appendInPlace(
    standaloneCode(createMetaAjv(dialect, { code: { source: true } }), { validate: metaSchemaId }),
    file,
  );
  writeFileSync(join(outDir, file), code);
  console.log(`build-meta-validators: ${dialect} → ${file} (${code.length} bytes)`);
}
