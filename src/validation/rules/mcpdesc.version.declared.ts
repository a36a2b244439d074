import type { Rule } from '../rule.js';
import { levels } from '../rule.js';

const rule: Rule = {
  id: 'mcpdesc.version.declared',
  description: 'The document declares the specification version it follows in a root "mcpdesc" member.',
  specSection: '4.1',
  levels: levels('error'),
  // An absent `mcpdesc` is the only thing it reports (a document of an unknown version never gets here).
  screen: { schema: () => ({ required: ['mcpdesc'] }) },
  examples: {
    valid: [
      {
        description: 'mcpdesc declared',
        document: {
          mcpdesc: '0.7.0',
          info: { name: 'a', version: '1' },
          transports: [{ type: 'stdio', command: 'a' }],
          tools: [{ name: 't' }],
        },
      },
    ],
    invalid: [
      {
        description: 'no mcpdesc member (checked as 0.7.0)',
        document: {
          info: { name: 'a', version: '1' },
          transports: [{ type: 'stdio', command: 'a' }],
          tools: [{ name: 't' }],
        },
        diagnostics: [{ pointer: '', severity: 'error' }],
      },
    ],
  },
  create(context) {
    if (context.rootType !== 'object') return {};
    return {
      start() {
        // Runs only when a version was resolved; an absent "mcpdesc" resolves to the latest version.
        if (context.declaredVersion !== undefined) return;
        context.report(
          [],
          `The document has no "mcpdesc" member; it was checked as mcpdesc ${context.version ?? 'unknown'}`,
        );
      },
    };
  },
};

export default rule;
