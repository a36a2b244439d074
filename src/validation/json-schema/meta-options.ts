// Shared by the build script that generates the meta-schema validators and by the test that compares
// them with runtime-compiled ones, so both compile the same meta-schema with the same options.

/** The JSON Schema dialects a document schema may select with `$schema`. */
export const DIALECTS = ['2020-12', '2019-09', 'draft-07'] as const;
export type Dialect = (typeof DIALECTS)[number];

export const META_VALIDATOR_FILES: Readonly<Record<Dialect, { file: string; metaSchemaId: string }>> = {
  '2020-12': { file: 'meta-2020-12.cjs', metaSchemaId: 'https://json-schema.org/draft/2020-12/schema' },
  '2019-09': { file: 'meta-2019-09.cjs', metaSchemaId: 'https://json-schema.org/draft/2019-09/schema' },
  'draft-07': { file: 'meta-draft-07.cjs', metaSchemaId: 'http://json-schema.org/draft-07/schema' },
};

/**
 * allErrors: every failing location of a schema is reported, not just the first.
 * Formats `uri`, `uri-reference` and `regex` are checked in ajv-formats' "fast" mode: its "full" regexes
 * are long and backtrack on hostile strings, and `$ref`/`$id` values come from untrusted documents.
 * `regex` compiles the document's pattern (`new RegExp(p)`) without running it.
 */
export const META_VALIDATOR_OPTIONS = {
  allErrors: true,
  strict: false,
  validateFormats: true,
} as const;
