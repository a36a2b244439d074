// §3.5: a reserved `_meta` key follows MCP's rules for where it may appear and what it holds. Request
// metadata (`progressToken`) has no place on a declaration or a completed result; the server
// information key (`io.modelcontextprotocol/serverInfo`) belongs on a completed result and holds an MCP
// Implementation (a name and a version). Checked on declarations, inline examples and example
// components; which revision defines a key is mcpdesc.protocol.revision-applicable's.
import { quote } from '../../quote.js';
import type { PathSegment } from '../../types.js';
import { isObject } from '../json-schema/values.js';
import { PROGRESS_TOKEN, SERVER_INFO } from '../protocol/meta-keys.js';
import { type MetaSite, metaVisitor } from '../protocol/payloads.js';
import { levels080, type Rule, type RuleContext } from '../rule.js';
import { exampleDocument080, exampleTool } from './semantic-examples.js';

function check(context: RuleContext, base: readonly PathSegment[], site: MetaSite): void {
  const path = [...base, ...site.path];
  if (Object.hasOwn(site.meta, PROGRESS_TOKEN)) {
    context.report(
      [...path, PROGRESS_TOKEN],
      `"${PROGRESS_TOKEN}" is request metadata; it has no place in the _meta of a ${site.place === 'declaration' ? 'declaration' : 'completed result'}`,
    );
  }
  if (!Object.hasOwn(site.meta, SERVER_INFO)) return;
  if (site.place !== 'result') {
    context.report(
      [...path, SERVER_INFO],
      `${quote(SERVER_INFO)} belongs in the _meta of a completed result`,
    );
    return;
  }
  const info = site.meta[SERVER_INFO];
  if (!isObject(info) || typeof info.name !== 'string' || typeof info.version !== 'string') {
    context.report(
      [...path, SERVER_INFO],
      `${quote(SERVER_INFO)} must be an MCP Implementation: an object with a string "name" and "version"`,
    );
  }
}

const rule: Rule = {
  id: 'mcpdesc.meta.reserved',
  description: 'Use reserved _meta keys only where MCP defines them, with the values it defines.',
  specSection: '3.5',
  levels: levels080('error'),
  examples: {
    valid: [
      {
        description: 'literal metadata; server information on a completed result',
        document: exampleDocument080({
          tools: [
            exampleTool({
              _meta: { 'com.example/status': 'stable', display_hint: 'compact' },
              examples: {
                done: {
                  input: {},
                  result: {
                    resultType: 'complete',
                    content: [{ type: 'text', text: 'Ready' }],
                    _meta: {
                      'io.modelcontextprotocol/serverInfo': { name: 'example-server', version: '1.0.0' },
                    },
                  },
                },
              },
            }),
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'a progress token on a tool; server information that is not an Implementation',
        document: exampleDocument080({
          tools: [
            exampleTool({
              _meta: { progressToken: 'request-only' },
              examples: {
                bad: {
                  input: {},
                  result: {
                    resultType: 'complete',
                    content: [
                      { type: 'text', text: 'x', _meta: { 'io.modelcontextprotocol/serverInfo': {} } },
                    ],
                    _meta: { 'io.modelcontextprotocol/serverInfo': 'not-an-implementation' },
                  },
                },
              },
            }),
          ],
        }),
        diagnostics: [
          { pointer: '/tools/0/_meta/progressToken', severity: 'error' },
          {
            pointer: '/tools/0/examples/bad/result/_meta/io.modelcontextprotocol~1serverInfo',
            severity: 'error',
          },
          {
            pointer: '/tools/0/examples/bad/result/content/0/_meta/io.modelcontextprotocol~1serverInfo',
            severity: 'error',
          },
        ],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return metaVisitor((base, site) => check(context, base, site));
  },
};

export default rule;
