// Parser findings: the input is not one well-formed document. Reported by the parsers (through
// `ruleDiagnostic`), so the visitor is empty; the examples run the real parser path on raw text.
import type { Rule } from '../rule.js';
import { levels } from '../rule.js';

const VALID_JSON =
  '{"mcpdesc": "0.7.0", "info": {"name": "a", "version": "1"}, "transports": [{"type": "stdio", "command": "a"}], "tools": [{"name": "t", "inputSchema": {"type": "object"}}]}';

const rule: Rule = {
  id: 'mcpdesc.document.syntax',
  description: 'The input is one well-formed JSON (or YAML 1.2, or JSON Lines) document in UTF-8.',
  specSection: '14.1',
  specSections: { '0.8.0': '15.1' },
  levels: levels('error'),
  versionIndependent: true,
  screen: { parser: true },
  examples: {
    valid: [
      { description: 'well-formed JSON', text: VALID_JSON },
      {
        description: 'YAML 1.2 with a date-like string',
        text: 'mcpdesc: 0.7.0\ninfo:\n  name: a\n  version: 2026-07-28\ntransports:\n  - type: stdio\n    command: a\ntools:\n  - name: t\n    inputSchema: {type: object}\n',
      },
    ],
    invalid: [
      {
        description: 'a trailing comma',
        text: '{"mcpdesc": "0.7.0", "tools": [],}',
        diagnostics: [{ pointer: '', severity: 'error' }],
      },
      {
        description: 'truncated JSON',
        text: '{"mcpdesc": "0.7.0", "tools": [',
        diagnostics: [{ pointer: '', severity: 'error' }],
      },
      { description: 'an empty document', text: '   \n', diagnostics: [{ pointer: '', severity: 'error' }] },
      {
        description: 'duplicate YAML keys',
        text: 'mcpdesc: 0.7.0\nmcpdesc: 0.6.0\n',
        diagnostics: [{ pointer: '', severity: 'error' }],
      },
      {
        description: 'a YAML custom tag',
        text: 'mcpdesc: !version 0.7.0\n',
        diagnostics: [{ pointer: '', severity: 'error' }],
      },
      {
        description: 'a YAML alias cycle',
        text: 'mcpdesc: 0.7.0\nx-loop: &a [*a]\n',
        diagnostics: [{ pointer: '', severity: 'error' }],
      },
    ],
  },
  create() {
    return {};
  },
};

export default rule;
