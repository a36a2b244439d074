// A UTF-8 byte order mark is tolerated (the document is still checked) but reported: RFC 8259 §8.1 says
// JSON text must not start with one, and strict consumers refuse it. Reported by the decoder.
import type { Rule } from '../rule.js';
import { levels } from '../rule.js';

const DOCUMENT =
  '{"mcpdesc": "0.7.0", "info": {"name": "a", "version": "1"}, "transports": [{"type": "stdio", "command": "a"}], "tools": [{"name": "t", "inputSchema": {"type": "object"}}]}';

const rule: Rule = {
  id: 'mcpdesc.document.bom',
  description: 'The document does not start with a UTF-8 byte order mark.',
  specSection: '14.2',
  specSections: { '0.8.0': '15.2' },
  levels: levels('warning'),
  versionIndependent: true,
  screen: { parser: true },
  examples: {
    valid: [{ description: 'UTF-8 without a byte order mark', text: DOCUMENT }],
    invalid: [
      {
        description: 'a leading byte order mark',
        text: `\uFEFF${DOCUMENT}`,
        diagnostics: [{ pointer: '', severity: 'warning' }],
      },
    ],
  },
  create() {
    return {};
  },
};

export default rule;
