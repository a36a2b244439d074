// §14.7: `$schema` SHOULD reference the appropriate JSON Schema, the one of the document's own mcpdesc
// version. A `$schema` naming a published mcpdesc schema of another version sends editors and schema
// tools to the wrong structure, so it gets a warning. Other URIs (a mirror, a local copy) are left
// alone, and so is a document without `$schema`: §14.7 makes it optional for validation, and almost
// every document in the wild has none.
import { quote } from '../../quote.js';
import { levels, type Rule } from '../rule.js';
import { exampleDocument, exampleDocument080 } from './semantic-examples.js';

/** The published locations: developer.cisco.com up to 0.7.0, mcpdesc.org from 0.8.0 (`….json`). */
const PUBLISHED =
  /^https?:\/\/(?:developer\.cisco\.com\/mcp-description\/schema|mcpdesc\.org\/schema\/mcp-description)\/(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)(?:\.json)?\/?#?$/;

/** The version a published `$schema` location names, when it is not the declared one. */
function otherVersion(schema: unknown, declared: unknown): string | undefined {
  if (typeof schema !== 'string' || typeof declared !== 'string') return undefined;
  const named = PUBLISHED.exec(schema)?.[1];
  return named === undefined || named === declared ? undefined : named;
}

const rule: Rule = {
  id: 'mcpdesc.root.schema-version',
  description: "Reference the JSON Schema of the document's own mcpdesc version in $schema.",
  specSection: '14.7',
  levels: levels('warning'),
  screen: {
    test: (document) =>
      !Object.hasOwn(document, '$schema') || otherVersion(document.$schema, document.mcpdesc) === undefined,
  },
  examples: {
    valid: [
      {
        description: 'the 0.7.0 schema for a 0.7.0 document',
        document: exampleDocument({ $schema: 'https://developer.cisco.com/mcp-description/schema/0.7.0' }),
      },
      {
        description: 'the 0.8.0 schema for a 0.8.0 document; another URI',
        document: exampleDocument080({ $schema: 'https://mcpdesc.org/schema/mcp-description/0.8.0.json' }),
      },
      {
        description: 'a URI that is not a published mcpdesc schema',
        document: exampleDocument({ $schema: 'https://schemas.example.com/mcpdesc-0.6.0.json' }),
      },
    ],
    invalid: [
      {
        description: 'the 0.6.0 schema for a 0.7.0 document',
        document: exampleDocument({ $schema: 'https://developer.cisco.com/mcp-description/schema/0.6.0' }),
        diagnostics: [{ pointer: '/$schema', severity: 'warning' }],
      },
      {
        description: 'the 0.7.0 schema for a 0.8.0 document',
        document: exampleDocument080({ $schema: 'https://developer.cisco.com/mcp-description/schema/0.7.0' }),
        diagnostics: [{ pointer: '/$schema', severity: 'warning' }],
      },
    ],
  },
  create(context) {
    return {
      member(key, value) {
        if (key !== '$schema' || typeof value !== 'string') return;
        const declared = context.declaredVersion;
        const named = otherVersion(value, declared);
        if (named === undefined) return;
        context.report(
          ['$schema'],
          `"$schema" ${quote(value)} is the JSON Schema of mcpdesc ${named}, but the document declares "mcpdesc": ${quote(declared)}`,
        );
      },
    };
  },
};

export default rule;
