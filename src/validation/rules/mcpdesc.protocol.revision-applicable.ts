// §4.10, §3.5 and the revision notes of §6.2, §8.2, §8.5, §9–§12: a declaration uses only what every
// MCP revision of its effective scope defines — a Tool's `execution` only for 2025-11-25, Streamable
// HTTP from 2025-03-26, a `resource_link` content block from 2025-06-18, `lastModified` from
// 2025-06-18 — and its completed results have each revision's shape (`resultType` required by
// 2026-07-28, unknown before). Named examples and tool schemas referenced from `components` are judged
// at each use site, in its scope (§17.3). Document-scoped: workers list what each primitive uses
// (protocol/features.ts) and its references; the scopes are applied here, references once the
// components are known.
import { quote } from '../../quote.js';
import type { PathSegment } from '../../types.js';
import { isObject } from '../json-schema/values.js';
import {
  AfterComponents,
  type ComponentNamespace,
  type Components,
  isReference,
  useSites,
} from '../protocol/components.js';
import {
  capabilityFeatures,
  declarationFeatures,
  exampleFeatures,
  type Feature,
  schemaFeatures,
  transportFeatures,
} from '../protocol/features.js';
import type { ExampleKind } from '../protocol/payloads.js';
import { describeScope, explicitScope, NO_REVISIONS, type Scope, scopeOf } from '../protocol/revisions.js';
import { levels080, type Rule, type RuleContext } from '../rule.js';
import { exampleDocument080, exampleTool } from './semantic-examples.js';

interface Use {
  path: PathSegment[];
  ref: unknown;
  namespace: ComponentNamespace;
}

interface Projection {
  /** The primitive's explicit scope; -1 when it inherits the root's. */
  own: number;
  features: Feature[];
  uses: Use[];
}

const EXAMPLE_KINDS: Readonly<Partial<Record<ComponentNamespace, ExampleKind>>> = {
  toolExamples: 'tool',
  resourceExamples: 'resource',
  resourceTemplateExamples: 'resourceTemplate',
  promptExamples: 'prompt',
};

/** What a component value uses, by the namespace its use site takes. */
function componentFeatures(namespace: ComponentNamespace, value: unknown): Feature[] {
  if (namespace === 'schemas') return schemaFeatures(value);
  const kind = EXAMPLE_KINDS[namespace];
  return kind !== undefined && isObject(value) ? exampleFeatures(kind, value) : [];
}

function dotted(path: readonly PathSegment[]): string {
  return path
    .map((s) => (typeof s === 'number' ? `[${s}]` : `.${s}`))
    .join('')
    .replace(/^\./, '');
}

function report(context: RuleContext, at: PathSegment[], feature: Feature, scope: Scope, where = ''): void {
  const effective = feature.scope === undefined ? scope : feature.scope & scope;
  const bad = effective & ~feature.allowed;
  if (bad === NO_REVISIONS) return;
  const verb = feature.missing ? 'is required by' : 'is not defined by';
  context.report(
    at,
    `${feature.label}${where} ${verb} ${describeScope(bad)}, which this declaration applies to`,
  );
}

const SCHEMA_USES = new Set(['inputSchema', 'outputSchema']);

const rule: Rule = {
  id: 'mcpdesc.protocol.revision-applicable',
  description: "Use only what every MCP revision of a declaration's protocol scope defines.",
  specSection: '4.10',
  scope: 'document',
  reusable: true,
  levels: levels080('error'),
  project(collection, _index, value): Projection | undefined {
    if (collection === 'tags' || !isObject(value)) return undefined;
    const features = declarationFeatures(collection, value);
    const uses: Use[] = [];
    for (const site of useSites(collection, value)) {
      // A referenced form schema's vocabulary is mcpdesc.elicitation.form-schema's.
      if (
        !isReference(site.value) ||
        (site.namespace === 'schemas' && !SCHEMA_USES.has(String(site.path[0])))
      )
        continue;
      uses.push({ path: site.path, ref: site.value.$componentRef, namespace: site.namespace });
    }
    if (features.length === 0 && uses.length === 0) return undefined;
    return { own: explicitScope(value) ?? -1, features, uses };
  },
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
    const checkMembers = (key: string, value: unknown) => {
      if ((key !== 'transports' && key !== 'capabilities') || !Array.isArray(value)) return;
      value.forEach((declaration: unknown, i) => {
        const own = explicitScope(declaration);
        const scope = own === undefined ? root : own & root;
        const features =
          key === 'transports' ? transportFeatures(declaration) : capabilityFeatures(declaration);
        for (const f of features) report(context, [key, i, ...f.path], f, scope);
      });
    };
    const resolve = (components: Components, base: PathSegment[], use: Use, scope: Scope) => {
      const resolved = components.resolve(use.ref, use.namespace);
      if (!resolved.ok) return;
      const where = ` (in #/components/${resolved.namespace}/${resolved.name}`;
      for (const f of componentFeatures(use.namespace, resolved.value)) {
        const inner = f.path.length > 0 ? `, at ${quote(dotted(f.path))})` : ')';
        report(context, [...base, ...use.path], f, scope, where + inner);
      }
    };
    return {
      start() {
        root = scopeOf(context.declaredProtocolVersions);
        after.reset();
      },
      member(key, value) {
        if (root !== NO_REVISIONS) checkMembers(key, value);
        after.member(key, value);
      },
      element(collection, index, projection) {
        if (root === NO_REVISIONS || !isObject(projection)) return;
        const { own, features, uses } = projection as unknown as Projection;
        const scope = own === -1 ? root : own & root;
        if (scope === NO_REVISIONS) return;
        const base: PathSegment[] = [collection, index];
        for (const f of features) report(context, [...base, ...f.path], f, scope);
        if (uses.length === 0) return;
        after.run((components) => {
          for (const use of uses) resolve(components, base, use, scope);
        });
      },
      finish() {
        after.finish();
      },
    };
  },
};

export default rule;
