import type { Rule } from '../rule.js';
import { levels } from '../rule.js';

const rule: Rule = {
  id: 'mcpdesc.document.root-object',
  description: 'The document root is a JSON object.',
  specSection: '3.2',
  levels: levels('error'),
  versionIndependent: true,
  screen: { schema: () => ({ type: 'object' }) },
  examples: {
    valid: [
      {
        description: 'an object root',
        document: {
          mcpdesc: '0.7.0',
          info: { name: 'a', version: '1' },
          transports: [{ type: 'stdio', command: 'a' }],
          tools: [{ name: 't', inputSchema: { type: 'object' } }],
        },
      },
    ],
    invalid: [
      { description: 'an array root', document: [], diagnostics: [{ pointer: '', severity: 'error' }] },
      {
        description: 'a string root',
        document: 'mcpdesc',
        diagnostics: [{ pointer: '', severity: 'error' }],
      },
    ],
  },
  create(context) {
    if (context.rootType === 'object') return {};
    return {
      start() {
        context.report([], `The document root must be a JSON object, found ${context.rootType}.`);
      },
    };
  },
};

export default rule;
