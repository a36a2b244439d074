// Which JSON Schema dialect a document-provided schema is written in (spec §9.2: 2020-12 unless its
// `$schema` says otherwise). Only the three dialects we carry meta-schema validators for are recognized.
import type { Dialect } from './meta-options.js';

export type { Dialect } from './meta-options.js';

/** The dialect MCP assumes when a schema has no `$schema` (spec §9.2). */
export const DEFAULT_DIALECT: Dialect = '2020-12';

// Exact meta-schema URIs, with and without the empty fragment, over http and https: tools write all
// four forms for draft-07 (the corpus has 2,843 `http://json-schema.org/draft-07/schema#`).
const KNOWN: ReadonlyMap<string, Dialect> = new Map(
  (
    [
      ['json-schema.org/draft/2020-12/schema', '2020-12'],
      ['json-schema.org/draft/2019-09/schema', '2019-09'],
      ['json-schema.org/draft-07/schema', 'draft-07'],
    ] as const
  ).flatMap(([uri, dialect]) =>
    ['http://', 'https://'].flatMap((scheme) => [
      [`${scheme}${uri}`, dialect] as const,
      [`${scheme}${uri}#`, dialect] as const,
    ]),
  ),
);

export const DIALECT_URIS: Readonly<Record<Dialect, string>> = {
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
};

/**
 * The dialect a schema selects: its `$schema` when that names a known meta-schema, the default when
 * `$schema` is absent or not a string (the meta-schema check reports a non-string), else null.
 */
export function dialectOf(schema: Readonly<Record<string, unknown>>): Dialect | null {
  if (!Object.hasOwn(schema, '$schema')) return DEFAULT_DIALECT;
  const uri = schema.$schema;
  if (typeof uri !== 'string') return DEFAULT_DIALECT;
  return KNOWN.get(uri) ?? null;
}
