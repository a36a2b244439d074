// §17.2–§17.4: every `$componentRef`, at a use site or inside the components themselves, resolves
// within the document: to an existing component, in the namespace its place takes (a Tool input schema
// takes `schemas`, a Resource example `resourceExamples`...), without a cycle through other
// references. A pointer of the wrong form is the Reference Object's own rule's finding
// (mcpdesc.components.members, or the primitive's members rule). Components may come after the
// declarations that use them: references wait for them (AfterComponents).
import { quote } from '../../quote.js';
import type { PathSegment } from '../../types.js';
import { isObject } from '../json-schema/values.js';
import {
  AfterComponents,
  type ComponentNamespace,
  Components,
  isReference,
  referenceSites,
} from '../protocol/components.js';
import { levels080, type Rule, type RuleContext } from '../rule.js';
import { COMPONENT_NAMESPACES } from '../schema/mcp.js';
import { exampleDocument080, exampleTool } from './semantic-examples.js';

interface Use {
  path: PathSegment[];
  ref: unknown;
  namespace: ComponentNamespace;
}

function report(context: RuleContext, components: Components, at: readonly PathSegment[], use: Use): void {
  const resolved = components.resolve(use.ref, use.namespace);
  if (resolved.ok || resolved.problem === 'malformed') return;
  context.report(
    [...at, ...use.path, '$componentRef'],
    `"$componentRef" ${quote(use.ref)}: ${resolved.message}`,
  );
}

const rule: Rule = {
  id: 'mcpdesc.components.reference',
  description: 'Resolve every $componentRef to a component of the namespace its place takes, without cycles.',
  specSection: '17.4',
  scope: 'document',
  levels: levels080('error'),
  project(collection, _index, value): Use[] | undefined {
    const uses: Use[] = [];
    for (const site of referenceSites(collection, value)) {
      uses.push({
        path: site.path,
        ref: (site.value as { $componentRef: unknown }).$componentRef,
        namespace: site.namespace,
      });
    }
    return uses.length > 0 ? uses : undefined;
  },
  examples: {
    valid: [
      {
        description: 'a schema alias, a referenced example, components after the tool that uses them',
        document: {
          ...exampleDocument080({
            tools: [
              exampleTool({
                inputSchema: { $componentRef: '#/components/schemas/Alias' },
                examples: { basic: { $componentRef: '#/components/toolExamples/basic' } },
              }),
            ],
          }),
          components: {
            schemas: { Input: { type: 'object' }, Alias: { $componentRef: '#/components/schemas/Input' } },
            toolExamples: { basic: { input: {}, result: { resultType: 'complete', content: [] } } },
          },
        },
      },
    ],
    invalid: [
      {
        description: 'a cycle among components, a missing target, a target in the wrong namespace',
        document: exampleDocument080({
          components: {
            schemas: {
              CycleA: { $componentRef: '#/components/schemas/CycleB' },
              CycleB: { $componentRef: '#/components/schemas/CycleA' },
            },
            toolExamples: { sample: { input: {}, result: { resultType: 'complete', content: [] } } },
          },
          tools: [
            { name: 'missing', inputSchema: { $componentRef: '#/components/schemas/Missing' } },
            { name: 'wrong', inputSchema: { $componentRef: '#/components/toolExamples/sample' } },
          ],
        }),
        diagnostics: [
          { pointer: '/components/schemas/CycleA/$componentRef', severity: 'error' },
          { pointer: '/components/schemas/CycleB/$componentRef', severity: 'error' },
          { pointer: '/tools/0/inputSchema/$componentRef', severity: 'error' },
          { pointer: '/tools/1/inputSchema/$componentRef', severity: 'error' },
        ],
      },
      {
        description: 'references in a document without components, in examples and a form schema',
        document: exampleDocument080({
          prompts: [
            {
              name: 'p',
              examples: { a: { $componentRef: '#/components/promptExamples/a' } },
              elicitations: [
                {
                  name: 'e',
                  mode: 'form',
                  message: 'm',
                  requestedSchema: { $componentRef: '#/components/schemas/F' },
                },
              ],
            },
          ],
        }),
        diagnostics: [
          { pointer: '/prompts/0/examples/a/$componentRef', severity: 'error' },
          { pointer: '/prompts/0/elicitations/0/requestedSchema/$componentRef', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    const after = new AfterComponents();
    return {
      start() {
        after.reset();
      },
      member(key, value) {
        if (key === 'components' && isObject(value)) {
          const components = new Components(value);
          for (const namespace of COMPONENT_NAMESPACES) {
            const map = value[namespace];
            if (!Object.hasOwn(value, namespace) || !isObject(map)) continue;
            for (const name of Object.keys(map)) {
              const entry = map[name];
              if (!isReference(entry)) continue;
              report(context, components, ['components', namespace, name], {
                path: [],
                ref: entry.$componentRef,
                namespace,
              });
            }
          }
        }
        after.member(key, value);
      },
      element(collection, index, uses) {
        if (!Array.isArray(uses)) return;
        after.run((components) => {
          for (const use of uses as Use[]) report(context, components, [collection, index], use);
        });
      },
      finish() {
        after.finish();
      },
    };
  },
};

export default rule;
