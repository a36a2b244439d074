// Tool names identify tools in tools/call; a repeated name makes all but one unreachable. Seven real
// servers in the corpus repeat names. Document-scoped: workers project each tool to its name, and one
// index here sees every name once, so 50k tools with one name cost 50k lookups, not 50k² comparisons.
// The index is compact past a few thousand names (first-index.ts): a 4 GB dump has 3.6M tool names.
// Off for 0.8.0, where one name may serve disjoint protocol scopes (mcpdesc.primitive.scope-disjoint).

import { quote } from '../../quote.js';
import { FirstIndex } from '../first-index.js';
import { isObject, ownArray } from '../json-schema/values.js';
import { type CollectionKey, levels, type Rule } from '../rule.js';
import { exampleDocument, exampleTool } from './semantic-examples.js';

/** What the document-scoped check sees of an element: a tool's name, when it is a string. */
function projectName(collection: CollectionKey, tool: unknown): string | undefined {
  if (collection !== 'tools' || !isObject(tool)) return undefined;
  // Object.prototype has no `name`: a plain read sees only the tool's own property.
  const name = tool.name;
  return typeof name === 'string' ? name : undefined;
}

const rule: Rule = {
  id: 'mcpdesc.tool.name-unique',
  description: 'Give each tool a name no other tool of the document has.',
  specSection: '9.1',
  levels: levels('warning', { '0.8.0': 'off' }),
  scope: 'document',
  screen: {
    test(document) {
      const names = new Set<string>();
      const tools = ownArray(document, 'tools');
      for (let i = 0; i < tools.length; i++) {
        const name = projectName('tools', tools[i]);
        if (name === undefined || name === '') continue;
        if (names.has(name)) return false;
        names.add(name);
      }
      return true;
    },
  },
  project(collection, _index, tool) {
    return projectName(collection, tool);
  },
  examples: {
    valid: [
      {
        description: 'distinct names, including built-in property names',
        document: exampleDocument({
          tools: ['__proto__', 'constructor', 'toString'].map((name) => exampleTool({ name })),
        }),
      },
    ],
    invalid: [
      {
        description: 'a name used three times',
        document: exampleDocument({
          tools: [
            exampleTool({ name: 'get' }),
            exampleTool({ name: 'put' }),
            exampleTool({ name: 'get' }),
            exampleTool({ name: 'get' }),
          ],
        }),
        diagnostics: [
          { pointer: '/tools/2/name', severity: 'warning' },
          { pointer: '/tools/3/name', severity: 'warning' },
        ],
      },
    ],
  },
  create(context) {
    let first: FirstIndex | null = null;
    return {
      start() {
        first = null;
      },
      element(collection, index, name) {
        // The empty name is mcpdesc.tool.name-nonempty's finding; do not also call it a duplicate.
        if (collection !== 'tools' || typeof name !== 'string' || name === '') return;
        first ??= new FirstIndex();
        const seen = first.firstOrAdd(name, index);
        if (seen === -1) return;
        context.report(
          ['tools', index, 'name'],
          `"name" ${quote(name)} is already used by /tools/${seen}/name; expected a name unique among the document's tools`,
        );
      },
    };
  },
};

export default rule;
