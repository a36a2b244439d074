// §4.10, §3.5 and the revision notes of §6.2, §8.2, §8.5, §9–§12: a declaration uses only what every
// MCP revision of its effective scope defines — a Tool's `execution` only for 2025-11-25, Streamable
// HTTP from 2025-03-26, a `resource_link` content block from 2025-06-18, `lastModified` from
// 2025-06-18 — and its completed results have each revision's shape (`resultType` required by
// 2026-07-28, unknown before). Named examples and tool schemas referenced from `components` are judged
// at each use site, in its scope (§17.3). Document-scoped, so that references can wait for the
// components: a primitive that uses nothing revision-dependent is not even projected, and the walk of
// one that does (protocol/features.ts) allocates only for what its scope does not allow.
import { quote } from '../../quote.js';
import type { PathSegment } from '../../types.js';
import { isObject, type JsonObject } from '../json-schema/values.js';
import {
  AfterComponents,
  type ComponentNamespace,
  type Components,
  referenceSites,
  usesComponents,
} from '../protocol/components.js';
import {
  capabilityFeatures,
  declarationFeatures,
  exampleFeatures,
  type FeatureSink,
  mayUseRevisionFeatures,
  schemaFeatures,
  transportFeatures,
} from '../protocol/features.js';
import type { ExampleKind } from '../protocol/payloads.js';
import { describeScope, effectiveScope, NO_REVISIONS, type Scope, scopeOf } from '../protocol/revisions.js';
import { levels080, type Rule, type RuleContext } from '../rule.js';
import { exampleDocument080, exampleTool } from './semantic-examples.js';

const EXAMPLE_KINDS: Readonly<Partial<Record<ComponentNamespace, ExampleKind>>> = {
  toolExamples: 'tool',
  resourceExamples: 'resource',
  resourceTemplateExamples: 'resourceTemplate',
  promptExamples: 'prompt',
};

const SCHEMA_USES = new Set(['inputSchema', 'outputSchema']);

function dotted(path: readonly PathSegment[]): string {
  return path
    .map((s) => (typeof s === 'number' ? `[${s}]` : `.${s}`))
    .join('')
    .replace(/^\./, '');
}

/** A sink that reports at `base` + the feature's path (`where`: the component a use resolved to). */
function sink(context: RuleContext, scope: Scope, base: readonly PathSegment[], where?: string): FeatureSink {
  return {
    scope,
    fail(path, label, bad, missing) {
      const verb = missing ? 'is required by' : 'is not defined by';
      const inner =
        where === undefined ? '' : ` (in ${where}${path.length > 0 ? `, at ${quote(dotted(path))}` : ''})`;
      context.report(
        where === undefined ? [...base, ...path] : [...base],
        `${label}${inner} ${verb} ${describeScope(bad)}, which this declaration applies to`,
      );
    },
  };
}

/** Judge the components a primitive references, at each use, in the primitive's scope (§17.3). */
function references(
  context: RuleContext,
  components: Components,
  collection: string,
  index: number,
  primitive: JsonObject,
  scope: Scope,
): void {
  for (const site of referenceSites(collection, primitive)) {
    // A referenced form schema's vocabulary is mcpdesc.elicitation.form-schema's.
    if (site.namespace === 'schemas' && !SCHEMA_USES.has(String(site.path[0]))) continue;
    const resolved = components.resolve(
      (site.value as { $componentRef: unknown }).$componentRef,
      site.namespace,
    );
    if (!resolved.ok) continue;
    const at = sink(
      context,
      scope,
      [collection, index, ...site.path],
      `#/components/${resolved.namespace}/${resolved.name}`,
    );
    const kind = EXAMPLE_KINDS[site.namespace];
    if (site.namespace === 'schemas') schemaFeatures(at, resolved.value, []);
    else if (kind !== undefined && isObject(resolved.value)) exampleFeatures(at, kind, resolved.value, []);
  }
}

const rule: Rule = {
  id: 'mcpdesc.protocol.revision-applicable',
  description: "Use only what every MCP revision of a declaration's protocol scope defines.",
  specSection: '4.10',
  scope: 'document',
  levels: levels080('error'),
  project: (collection, _index, value) =>
    collection !== 'tags' && isObject(value) && mayUseRevisionFeatures(collection, value) ? value : undefined,
  examples: {
    valid: [
      {
        description: 'execution for 2025-11-25; resultType for 2026-07-28; a referenced example in scope',
        document: exampleDocument080({
          protocolVersions: ['2025-11-25', '2026-07-28'],
          transports: [{ type: 'streamable-http', url: 'https://e.example/mcp' }],
          components: {
            toolExamples: { done: { input: {}, result: { resultType: 'complete', content: [] } } },
          },
          tools: [
            exampleTool({ protocolVersions: ['2025-11-25'], execution: { taskSupport: 'optional' } }),
            exampleTool({
              name: 'later',
              protocolVersions: ['2026-07-28'],
              examples: { done: { $componentRef: '#/components/toolExamples/done' } },
            }),
          ],
        }),
      },
    ],
    invalid: [
      {
        description:
          'execution, a dialect, a resource link and resultType outside the revisions that define them',
        document: exampleDocument080({
          protocolVersions: ['2025-06-18', '2026-07-28'],
          tools: [
            exampleTool({ protocolVersions: ['2026-07-28'], execution: { taskSupport: 'optional' } }),
            exampleTool({
              name: 'old',
              protocolVersions: ['2025-06-18'],
              inputSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' },
              examples: {
                a: {
                  input: {},
                  result: {
                    resultType: 'complete',
                    content: [{ type: 'resource_link', uri: 'r://x', name: 'x' }],
                  },
                },
              },
            }),
          ],
        }),
        diagnostics: [
          { pointer: '/tools/0/execution', severity: 'error' },
          { pointer: '/tools/1/inputSchema/$schema', severity: 'error' },
          { pointer: '/tools/1/examples/a/result/resultType', severity: 'error' },
        ],
      },
      {
        description: 'streamable-http for 2024-11-05; tasks in client requirements for 2026-07-28',
        document: exampleDocument080({
          protocolVersions: ['2024-11-05', '2026-07-28'],
          transports: [
            { type: 'streamable-http', url: 'https://e.example/mcp', protocolVersions: ['2024-11-05'] },
          ],
          tools: [
            exampleTool({ protocolVersions: ['2026-07-28'], clientRequirements: { tasks: { list: {} } } }),
          ],
        }),
        diagnostics: [
          { pointer: '/tools/0/clientRequirements/tasks', severity: 'error' },
          { pointer: '/transports/0/type', severity: 'error' },
        ],
      },
      {
        description: 'a referenced example with MCP 2026-07-28 cache hints used by a 2025-11-25 resource',
        document: exampleDocument080({
          protocolVersions: ['2025-11-25', '2026-07-28'],
          components: {
            resourceExamples: {
              current: {
                result: {
                  resultType: 'complete',
                  ttlMs: 60,
                  cacheScope: 'private',
                  contents: [{ uri: 'data://status', text: 'ready' }],
                },
              },
            },
          },
          resources: [
            {
              protocolVersions: ['2025-11-25'],
              uri: 'data://status',
              name: 'status',
              examples: { current: { $componentRef: '#/components/resourceExamples/current' } },
            },
          ],
        }),
        diagnostics: [
          { pointer: '/resources/0/examples/current', severity: 'error' },
          { pointer: '/resources/0/examples/current', severity: 'error' },
          { pointer: '/resources/0/examples/current', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    let root: Scope = NO_REVISIONS;
    const after = new AfterComponents();
    return {
      start() {
        root = scopeOf(context.declaredProtocolVersions);
        after.reset();
      },
      member(key, value) {
        after.member(key, value);
        if (
          root === NO_REVISIONS ||
          (key !== 'transports' && key !== 'capabilities') ||
          !Array.isArray(value)
        )
          return;
        value.forEach((declaration: unknown, i) => {
          const at = sink(context, effectiveScope(declaration, root), []);
          if (key === 'transports') transportFeatures(at, declaration, [key, i]);
          else capabilityFeatures(at, declaration, [key, i]);
        });
      },
      element(collection, index, primitive) {
        if (root === NO_REVISIONS || !isObject(primitive)) return;
        const scope = effectiveScope(primitive, root);
        if (scope === NO_REVISIONS) return;
        declarationFeatures(sink(context, scope, [collection, index]), collection, primitive);
        // Only a primitive with references waits (and is held) for the components.
        if (!usesComponents(collection, primitive)) return;
        after.run((components) => references(context, components, collection, index, primitive, scope));
      },
      finish() {
        after.finish();
      },
    };
  },
};

export default rule;
