// Off for 0.8.0, which allows a document that declares no primitive at all (§3.4).
import type { Rule } from '../rule.js';
import { levels } from '../rule.js';

const PRIMITIVES = ['tools', 'resources', 'resourceTemplates', 'prompts'];

const rule: Rule = {
  id: 'mcpdesc.root.primitives-present',
  description: 'The document has at least one of tools, resources, resourceTemplates or prompts.',
  specSection: '3.3',
  levels: levels('error', { '0.8.0': 'off' }),
  screen: { schema: () => ({ anyOf: PRIMITIVES.map((key) => ({ required: [key] })) }) },
  examples: {
    valid: [
      {
        description: 'only prompts (declared after everything else)',
        document: {
          mcpdesc: '0.7.0',
          info: { name: 'a', version: '1' },
          transports: [{ type: 'stdio', command: 'a' }],
          prompts: [],
        },
      },
    ],
    invalid: [
      {
        description: 'no primitive collection at all',
        document: {
          mcpdesc: '0.7.0',
          info: { name: 'a', version: '1' },
          transports: [{ type: 'stdio', command: 'a' }],
          tags: [],
        },
        diagnostics: [{ pointer: '', severity: 'error' }],
      },
    ],
  },
  create(context) {
    if (context.rootType !== 'object') return {};
    // Presence is what §3.3 asks (an empty array counts; `mcpdesc.root.primitives-nonempty` warns).
    let present = false;
    return {
      start() {
        present = false;
      },
      member(key) {
        if (PRIMITIVES.includes(key)) present = true;
      },
      collectionEnd(collection) {
        if (PRIMITIVES.includes(collection)) present = true;
      },
      finish() {
        if (!present) {
          context.report(
            [],
            `The document declares none of ${PRIMITIVES.join(', ')}; at least one is required`,
          );
        }
      },
    };
  },
};

export default rule;
