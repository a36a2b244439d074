// A document may declare the draft 0.9.0-rc.3 (§4.8 asks to accept a recognized version or warn
// clearly). It is checked as 0.8.0, the release the draft builds on, plus the draft's Tool rule, which
// 0.8.0's Tool table already makes errors of mcpdesc.tool.members. One informational finding says so,
// so that a clean result is not read as a complete check of the draft.
import { DRAFT_VERSION } from '../../types.js';
import { levels080, type Rule } from '../rule.js';
import { exampleDocument080 } from './semantic-examples.js';

const MESSAGE = `"mcpdesc" is "${DRAFT_VERSION}", a draft: checked as mcpdesc 0.8.0, the release it builds on, plus the draft's Tool rule (mcpdesc.tool.members: a non-empty name, an inputSchema, only the Tool table's properties, non-empty elicitations)`;

const rule: Rule = {
  id: 'mcpdesc.version.draft',
  description: 'Say how a document declaring a draft version was checked.',
  specSection: '4.8',
  levels: levels080('info'),
  examples: {
    valid: [{ description: 'a 0.8.0 document', document: exampleDocument080() }],
    invalid: [
      {
        description: 'a document declaring 0.9.0-rc.3',
        document: { ...exampleDocument080(), mcpdesc: DRAFT_VERSION },
        diagnostics: [{ pointer: '/mcpdesc', severity: 'info' }],
      },
    ],
  },
  create(context) {
    return {
      start() {
        if (context.declaredVersion === DRAFT_VERSION) context.report(['mcpdesc'], MESSAGE);
      },
    };
  },
};

export default rule;
