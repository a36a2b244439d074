// Build step: compose each structural rule's schema fragment per spec version and write standalone
// Ajv validators (CommonJS, see ajv issue 2209) next to the compiled validation code.
// Filled in by the rule-catalogue work; until then it only prepares the output folder.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '../src/validation/compiled');
mkdirSync(outDir, { recursive: true });
