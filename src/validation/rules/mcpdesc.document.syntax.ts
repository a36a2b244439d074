// STAND-IN (splitter branch): the parser rule is owned by the rule-catalogue work (issue #2); this copy
// exists only so that `ruleDiagnostic('mcpdesc.document.syntax', ...)` resolves in this branch's tests.
// The merge keeps the owner's version.
import type { Rule } from '../rule.js';
import { levels } from '../rule.js';

const rule: Rule = {
  id: 'mcpdesc.document.syntax',
  description: 'The document is well-formed JSON (or YAML) in UTF-8.',
  specSection: '14.1',
  levels: levels('error'),
  versionIndependent: true,
  examples: {
    valid: [{ description: 'well-formed JSON', text: '{"mcpdesc": "0.7.0"}' }],
    invalid: [
      {
        description: 'truncated JSON',
        text: '{"mcpdesc": ',
        diagnostics: [{ pointer: '', severity: 'error' }],
      },
    ],
  },
  create() {
    // Parsers report this rule's findings; there is nothing to visit in a parsed document.
    return {};
  },
};

export default rule;
