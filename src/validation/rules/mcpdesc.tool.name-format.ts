// MCP recommends tool names of 1–128 characters from [A-Za-z0-9_.-]; clients reject or rewrite others.
// The empty name is left to mcpdesc.tool.name-nonempty, so one defect gives one finding.
import { quote } from '../../quote.js';
import { isObject } from '../json-schema/values.js';
import { levels, type Rule } from '../rule.js';
import { atElements, atMember, when } from '../schema/blocks.js';
import { exampleDocument, exampleTool } from './semantic-examples.js';

// `^[A-Za-z0-9_.-]{1,128}$` as a length check plus a search for the first bad character (its UTF-16
// index: the pattern has no `u` flag). A search, not a charCodeAt loop: over the corpus' names the
// search measured faster (`node dist/bench/micro/tool-rules.js`).
const CHARACTERS = 'A-Za-z0-9_.-';
const MAX_LENGTH = 128;
const BAD_CHARACTER = new RegExp(`[^${CHARACTERS}]`);
/** The name as the screen checks it (a non-empty string only: the empty name is not this rule's). */
const PATTERN = `^[${CHARACTERS}]{1,${MAX_LENGTH}}$`;

const rule: Rule = {
  id: 'mcpdesc.tool.name-format',
  description: 'Name tools with 1 to 128 characters from A-Z, a-z, 0-9, "_", "-" and ".".',
  specSection: '9.1',
  collections: ['tools'],
  levels: levels('warning'),
  screen: {
    schema: () =>
      atElements('tools', atMember('name', when({ type: 'string', minLength: 1 }, { pattern: PATTERN }))),
  },
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
        const bad = name.search(BAD_CHARACTER);
        if (bad === -1 && name.length <= MAX_LENGTH) return;
        // A whole code point, so a bad astral character is quoted as itself, not half a surrogate pair.
        const why =
          bad !== -1
            ? `it contains ${JSON.stringify(String.fromCodePoint(name.codePointAt(bad)!))} at character ${bad + 1}`
            : `it has ${name.length} characters`;
        context.report(
          ['tools', index, 'name'],
          `"name" ${quote(name)} should match ${PATTERN} (letters, digits, "_", "-", "."; at most 128 characters), but ${why}`,
        );
      },
    };
  },
};

export default rule;
