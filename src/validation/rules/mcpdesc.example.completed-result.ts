// §9.3, §10.4.4, §11.3, §10.4.6: a named example's result is the payload of a completed response,
// excluding the JSON-RPC envelope: no `jsonrpc`, `id`, `method` or `error`, and no task or
// input-required state (`task`, `requestState`, `inputRequests`). Result objects are otherwise open
// (their revision-defined members are mcpdesc.protocol.revision-applicable's), so these are looked for
// by name. Checked on inline examples and on example components, wherever they are used.
import { quote } from '../../quote.js';
import type { PathSegment } from '../../types.js';
import { type ExampleSite, exampleVisitor, resultOf } from '../protocol/payloads.js';
import { levels080, type Rule, type RuleContext } from '../rule.js';
import { exampleDocument080, exampleTool } from './semantic-examples.js';

const ENVELOPE = ['jsonrpc', 'id', 'method', 'error'];
const WORKFLOW = ['task', 'requestState', 'inputRequests'];

function check(context: RuleContext, base: readonly PathSegment[], site: ExampleSite): void {
  const result = resultOf(site.example);
  if (result === null) return;
  for (const key of Object.keys(result.value)) {
    const envelope = ENVELOPE.includes(key);
    if (!envelope && !WORKFLOW.includes(key)) continue;
    context.report(
      [...base, ...site.path, ...result.path, key],
      envelope
        ? `An example result holds the payload of a completed response, without the JSON-RPC envelope: ${quote(key)} does not belong here`
        : `An example result is a completed result: ${quote(key)} is task or input-required state, which examples do not represent`,
    );
  }
}

const rule: Rule = {
  id: 'mcpdesc.example.completed-result',
  description: 'Give named examples completed results, without JSON-RPC envelope or workflow state.',
  specSection: '9.3',
  levels: levels080('error'),
  examples: {
    valid: [
      {
        description: 'a completed tool result',
        document: exampleDocument080({
          tools: [
            exampleTool({
              examples: { done: { input: {}, result: { resultType: 'complete', content: [] } } },
            }),
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'an enveloped result, a task result, an input-required completion',
        document: exampleDocument080({
          tools: [
            exampleTool({
              examples: {
                enveloped: {
                  input: {},
                  result: { jsonrpc: '2.0', id: 1, resultType: 'complete', content: [] },
                },
                task: { input: {}, result: { resultType: 'complete', content: [], task: { taskId: 't' } } },
              },
            }),
          ],
          resourceTemplates: [
            {
              uriTemplate: 'repo://{owner}',
              name: 'repo',
              completionExamples: {
                more: {
                  argument: { name: 'owner', value: 'a' },
                  result: {
                    resultType: 'complete',
                    completion: { values: [] },
                    requestState: 'input-required',
                  },
                },
              },
            },
          ],
        }),
        diagnostics: [
          { pointer: '/tools/0/examples/enveloped/result/jsonrpc', severity: 'error' },
          { pointer: '/tools/0/examples/enveloped/result/id', severity: 'error' },
          { pointer: '/tools/0/examples/task/result/task', severity: 'error' },
          { pointer: '/resourceTemplates/0/completionExamples/more/result/requestState', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return exampleVisitor((base, site) => check(context, base, site));
  },
};

export default rule;
