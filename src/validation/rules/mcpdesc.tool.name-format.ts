// MCP recommends tool names of 1–128 characters from [A-Za-z0-9_.-]; clients reject or rewrite others.
// The empty name is left to mcpdesc.tool.name-nonempty, so one defect gives one finding.
import { quote } from '../../quote.js';
import { isObject } from '../json-schema/values.js';
import { levels, type Rule } from '../rule.js';
import { exampleDocument, exampleTool } from './semantic-examples.js';

// `^[A-Za-z0-9_.-]{1,128}$` as a length check plus a scan for the first bad character. A loop, not a
// RegExp: over the corpus' 26k names the anchored RegExp cost ~115 ns a name, a `[^...]` search still
// ~150 ns (most of this rule's time), the loop a fraction of it.
function firstBadCharacter(name: string): number {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    const ok =
      (c >= 0x61 && c <= 0x7a) || // a-z
      (c >= 0x41 && c <= 0x5a) || // A-Z
      (c >= 0x30 && c <= 0x39) || // 0-9
      c === 0x5f || // _
      c === 0x2e || // .
      c === 0x2d; // -
    if (!ok) return i;
  }
  return -1;
}

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
        const bad = firstBadCharacter(name);
        if (bad === -1 && name.length <= 128) return;
        // A whole code point, so a bad astral character is quoted as itself, not half a surrogate pair.
        const why =
          bad !== -1
            ? `it contains ${JSON.stringify(String.fromCodePoint(name.codePointAt(bad)!))} at character ${bad + 1}`
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
