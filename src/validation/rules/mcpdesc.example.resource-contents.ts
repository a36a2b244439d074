// §10.4.4: a `blob` of Resource Contents is valid base64 — in read-result examples of resources and
// resource templates, and in the embedded resources of tool and prompt example results. Checked on
// inline examples and example components.
import type { PathSegment } from '../../types.js';
import { type ExampleSite, exampleVisitor, resourceContents, resultOf } from '../protocol/payloads.js';
import { levels080, type Rule, type RuleContext } from '../rule.js';
import { exampleDocument080 } from './semantic-examples.js';

/** RFC 4648 base64: groups of four from the alphabet, at most two `=` of padding at the end. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function check(context: RuleContext, base: readonly PathSegment[], site: ExampleSite): void {
  const result = resultOf(site.example);
  if (result === null) return;
  for (const contents of resourceContents(site.kind, result)) {
    const blob = contents.value.blob;
    if (typeof blob !== 'string' || BASE64.test(blob)) continue;
    context.report(
      [...base, ...site.path, ...contents.path, 'blob'],
      '"blob" must be base64 (RFC 4648: A–Z, a–z, 0–9, "+", "/", in groups of four, "=" padding)',
    );
  }
}

const rule: Rule = {
  id: 'mcpdesc.example.resource-contents',
  description: 'Encode the blob of resource contents in examples as base64.',
  specSection: '10.4.4',
  levels: levels080('error'),
  examples: {
    valid: [
      {
        description: 'a three-byte blob',
        document: exampleDocument080({
          resources: [
            {
              uri: 'asset:///pixel.bin',
              name: 'pixel',
              examples: {
                bytes: {
                  result: {
                    resultType: 'complete',
                    ttlMs: 0,
                    cacheScope: 'public',
                    contents: [{ uri: 'asset:///pixel.bin', blob: 'AAEC' }],
                  },
                },
              },
            },
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'a blob that is not base64',
        document: exampleDocument080({
          resources: [
            {
              uri: 'asset:///invalid.bin',
              name: 'invalid',
              examples: {
                bad: {
                  result: {
                    resultType: 'complete',
                    ttlMs: 0,
                    cacheScope: 'public',
                    contents: [{ uri: 'asset:///invalid.bin', blob: 'not base64' }],
                  },
                },
              },
            },
          ],
        }),
        diagnostics: [{ pointer: '/resources/0/examples/bad/result/contents/0/blob', severity: 'error' }],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return exampleVisitor((base, site) => check(context, base, site));
  },
};

export default rule;
