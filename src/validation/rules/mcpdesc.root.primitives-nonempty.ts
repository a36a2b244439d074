// §3.3 requires at least one of tools/resources/resourceTemplates/prompts; a document that declares
// them all empty passes the schema yet describes a server with nothing to discover. Warn.
// Off for 0.8.0, where a present empty collection is an error of mcpdesc.root.members (§3.3).
import { levels, type Rule } from '../rule.js';
import { exampleDocument } from './semantic-examples.js';

// All four are root collections (COLLECTION_KEYS), so arrays arrive as elements + collectionEnd.
const PRIMITIVES: ReadonlySet<string> = new Set(['tools', 'resources', 'resourceTemplates', 'prompts']);

const rule: Rule = {
  id: 'mcpdesc.root.primitives-nonempty',
  description: 'At least one of tools, resources, resourceTemplates or prompts has an element.',
  specSection: '3.3',
  levels: levels('warning', { '0.8.0': 'off' }),
  // None of them present (primitives-present's finding), or one present that is not an empty array.
  screen: {
    schema: () => ({
      anyOf: [
        { not: { anyOf: [...PRIMITIVES].map((key) => ({ required: [key] })) } },
        ...[...PRIMITIVES].map((key) => ({
          required: [key],
          properties: { [key]: { not: { type: 'array', maxItems: 0 } } },
        })),
      ],
    }),
  },
  examples: {
    valid: [
      { description: 'one tool', document: exampleDocument() },
      {
        description: 'empty tools but one prompt',
        document: exampleDocument({ tools: [], prompts: [{ name: 'greet' }] }),
      },
    ],
    invalid: [
      {
        description: 'tools and prompts both empty',
        document: exampleDocument({ tools: [], prompts: [] }),
        diagnostics: [{ pointer: '/tools', severity: 'warning' }],
      },
      {
        description: 'only an empty resourceTemplates array',
        document: (() => {
          const { tools: _tools, ...rest } = exampleDocument({ resourceTemplates: [] });
          return rest;
        })(),
        diagnostics: [{ pointer: '/resourceTemplates', severity: 'warning' }],
      },
    ],
  },
  create(context) {
    let empty: string[] = [];
    // A non-array primitive member is a structural error; it is not evidence of emptiness.
    let anyElement = false;
    return {
      start() {
        empty = [];
        anyElement = false;
      },
      member(key) {
        if (PRIMITIVES.has(key)) anyElement = true;
      },
      collectionEnd(collection, length) {
        if (!PRIMITIVES.has(collection)) return;
        if (length === 0) empty.push(collection);
        else anyElement = true;
      },
      finish() {
        if (anyElement || empty.length === 0) return;
        const list = empty.map((k) => `"${k}"`).join(', ');
        context.report(
          [empty[0]!],
          `${list} ${empty.length === 1 ? 'is' : 'are all'} empty: expected at least one tool, resource, resource template or prompt, or the document describes a server with nothing to discover`,
        );
      },
    };
  },
};

export default rule;
