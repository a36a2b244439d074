// The 0.9.0-rc.3 Tool rule (seed mcpdesc.tool.members) requires `inputSchema`; 0.7.0 makes it optional.
// A warning for 0.4.0–0.7.0 documents. 0.8.0's Tool table requires it, so there (and under --target
// 0.9.0-rc.3, the draft's Tool rule) it is an error of mcpdesc.tool.members instead. Real dumps often
// carry the schema under another name (17,578 corpus tools use `input_schema` or `parameters`): say so.
import { isObject } from '../json-schema/values.js';
import { levels, type Rule } from '../rule.js';
import { atElements } from '../schema/blocks.js';
import { exampleDocument } from './semantic-examples.js';

const MISNAMED = ['input_schema', 'parameters', 'inputschema', 'input', 'schema'];
const MESSAGE = 'tool has no "inputSchema"; expected a JSON Schema object describing its input';
// Built once, by MISNAMED's index (a Map lookup per finding showed in profiles): this rule reports
// most tools of real dumps (25,588 of the corpus' 26,266).
const MESSAGES = MISNAMED.map((key) => `${MESSAGE} (found "${key}": the property is named "inputSchema")`);

const rule: Rule = {
  id: 'mcpdesc.tool.input-schema-present',
  description: 'Give every tool an inputSchema.',
  specSection: '9.1',
  collections: ['tools'],
  levels: levels('warning', { '0.8.0': 'off', '0.9.0-rc.3': 'off' }),
  screen: { schema: () => atElements('tools', { required: ['inputSchema'] }) },
  examples: {
    valid: [{ description: 'a tool with an inputSchema', document: exampleDocument() }],
    invalid: [
      {
        description: 'a tool without inputSchema in a 0.7.0 document',
        document: exampleDocument({ tools: [{ name: 'missing_schema' }] }),
        diagnostics: [{ pointer: '/tools/0', severity: 'warning' }],
      },
    ],
  },
  create(context) {
    return {
      element(collection, index, tool) {
        if (collection !== 'tools' || !isObject(tool) || Object.hasOwn(tool, 'inputSchema')) return;
        let message = MESSAGE;
        for (let i = 0; i < MISNAMED.length; i++) {
          if (Object.hasOwn(tool, MISNAMED[i]!)) {
            message = MESSAGES[i]!;
            break;
          }
        }
        context.report(['tools', index], message);
      },
    };
  },
};

export default rule;
