// MCP recommends tool names of 1–128 characters from [A-Za-z0-9_.-]; clients reject or rewrite others.
// The empty name is left to mcpdesc.tool.name-nonempty, so one defect gives one finding.
import { isObject, quote } from '../json-schema/values.js';
import { levels, type Rule } from '../rule.js';
import { exampleDocument, exampleTool } from './semantic-examples.js';

// `^[A-Za-z0-9_.-]{1,128}$` as a length check plus a search for a bad character: the bounded
// quantifier made the anchored RegExp cost ~115 ns per name, 3× the search (26k real names).
const BAD_CHARACTER = /[^A-Za-z0-9_.-]/;

const rule: Rule = {
  id: 'mcpdesc.tool.name-format',
  description: 'Name tools with 1 to 128 characters from A-Z, a-z, 0-9, "_", "-" and ".".',
  specSection: '9.1',
  collections: ['tools'],
  reusable: true,
  levels: levels('warning'),
  examples: {
    valid: [
      {
        description: 'letters, digits, underscore, dot and dash',
        document: exampleDocument({ tools: [exampleTool({ name: 'repo.get_file-v2' })] }),
      },
    ],
    invalid: [
      {
        description: 'a space and a 129-character name',
        document: exampleDocument({
          tools: [exampleTool({ name: 'get file' }), exampleTool({ name: 'a'.repeat(129) })],
        }),
        diagnostics: [
          { pointer: '/tools/0/name', severity: 'warning' },
          { pointer: '/tools/1/name', severity: 'warning' },
        ],
      },
    ],
  },
  create(context) {
    return {
      element(collection, index, tool) {
        if (collection !== 'tools' || !isObject(tool)) return;
        // Object.prototype has no `name`: a plain read sees only the tool's own property.
        const name = tool.name;
        if (typeof name !== 'string' || name === '') return;
        if (name.length <= 128 && !BAD_CHARACTER.test(name)) return;
        const bad = BAD_CHARACTER.exec(name);
        const why =
          bad !== null
            ? `it contains ${JSON.stringify(bad[0])} at character ${bad.index + 1}`
            : `it has ${name.length} characters`;
        context.report(
          ['tools', index, 'name'],
          `"name" ${quote(name)} should match ^[A-Za-z0-9_.-]{1,128}$ (letters, digits, "_", "-", "."; at most 128 characters), but ${why}`,
        );
      },
    };
  },
};

export default rule;
