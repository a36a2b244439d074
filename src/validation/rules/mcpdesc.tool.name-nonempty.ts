// The 0.9.0-rc.3 Tool rule (seed mcpdesc.tool.members) requires a non-empty `name`; 0.7.0 only requires
// a string. So an empty name is a warning for 0.4.0–0.7.0 documents. 0.8.0's Tool table requires a
// non-empty name, so there (and under --target 0.9.0-rc.3, the draft's Tool rule) it is an error of
// mcpdesc.tool.members instead.
import { isObject } from '../json-schema/values.js';
import { levels, type Rule } from '../rule.js';
import { atElements, atMember } from '../schema/blocks.js';
import { exampleDocument, exampleTool } from './semantic-examples.js';

const rule: Rule = {
  id: 'mcpdesc.tool.name-nonempty',
  description: 'Give every tool a non-empty name.',
  specSection: '9.1',
  collections: ['tools'],
  levels: levels('warning', { '0.8.0': 'off', '0.9.0-rc.3': 'off' }),
  screen: { schema: () => atElements('tools', atMember('name', { not: { const: '' } })) },
  examples: {
    valid: [{ description: 'a named tool', document: exampleDocument() }],
    invalid: [
      {
        description: 'an empty name in a 0.7.0 document',
        document: exampleDocument({ tools: [exampleTool(), exampleTool({ name: '' })] }),
        diagnostics: [{ pointer: '/tools/1/name', severity: 'warning' }],
      },
    ],
  },
  create(context) {
    return {
      element(collection, index, tool) {
        // Object.prototype has no `name`: a plain read sees only the tool's own property.
        if (collection === 'tools' && isObject(tool) && tool.name === '') {
          context.report(['tools', index, 'name'], '"name" must be a non-empty string; found ""');
        }
      },
    };
  },
};

export default rule;
