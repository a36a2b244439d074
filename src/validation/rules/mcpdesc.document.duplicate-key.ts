// A JSON object names a member twice. RFC 8259 §4 only says names SHOULD be unique: JSON.parse keeps the
// last copy, other parsers the first or refuse the text, so a registry cannot know which copy a client
// sees (a harmless `tools` list can hide a hostile one). Reported by the parsers, in text order, at the
// second occurrence of the first repeated name; like a syntax error it stops the document, in whole-file
// and streamed mode alike, whatever this rule's level. The visitor is empty; the examples run the real
// parser path on raw text.
import type { Rule } from '../rule.js';
import { levels } from '../rule.js';

const HEAD =
  '{"mcpdesc": "0.7.0", "info": {"name": "a", "version": "1"}, "transports": [{"type": "stdio", "command": "a"}]';

const rule: Rule = {
  id: 'mcpdesc.document.duplicate-key',
  description: 'No JSON object names the same member twice.',
  specSection: '14.1',
  specSections: { '0.8.0': '15.3.2' },
  levels: levels('error'),
  versionIndependent: true,
  screen: { parser: true },
  examples: {
    valid: [
      {
        description: 'the same name in different objects',
        text: `${HEAD}, "tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"name": {"type": "string"}}}}]}`,
      },
    ],
    invalid: [
      {
        description: 'two root "tools" lists (JSON.parse would keep only the second)',
        text: `${HEAD}, "tools": [{"name": "bad tool", "inputSchema": {"type": "nope"}}], "tools": [{"name": "t", "inputSchema": {"type": "object"}}]}`,
        diagnostics: [{ pointer: '/tools', severity: 'error' }],
      },
      {
        description: 'a tool named twice',
        text: `${HEAD}, "tools": [{"name": "delete_everything", "name": "t", "inputSchema": {"type": "object"}}]}`,
        diagnostics: [{ pointer: '/tools/0/name', severity: 'error' }],
      },
      {
        description: 'a repeated name deep inside an input schema (escaped names compare decoded)',
        text: `${HEAD}, "tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"a": {}, "\\u0061": {}}}}]}`,
        diagnostics: [{ pointer: '/tools/0/inputSchema/properties/a', severity: 'error' }],
      },
    ],
  },
  create() {
    return {};
  },
};

export default rule;
