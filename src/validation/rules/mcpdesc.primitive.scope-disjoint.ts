// §9.5, §10.5, §11.1: declarations that share an identity — tools or prompts with one `name`, resources
// with one `uri`, resource templates with one `uriTemplate` — have pairwise-disjoint effective protocol
// scopes, so each protocol view holds at most one of them (a declaration without `protocolVersions`
// covers every root revision). Document-scoped: workers project each declaration to its identity and
// scope; one index per collection sees each identity once (first-index.ts keeps a 4 GB dump's millions
// of names compact), and only identities seen twice keep the union of their scopes.
import { quote } from '../../quote.js';
import { FirstIndex } from '../first-index.js';
import { isObject } from '../json-schema/values.js';
import {
  ALL_REVISIONS,
  describeScope,
  explicitScope,
  NO_REVISIONS,
  type Scope,
  scopeOf,
} from '../protocol/revisions.js';
import type { CollectionKey } from '../rule.js';
import { levels080, type Rule } from '../rule.js';
import { exampleDocument080, exampleTool } from './semantic-examples.js';

const IDENTITY: Readonly<Record<string, [key: string, noun: string]>> = {
  tools: ['name', 'Tool'],
  prompts: ['name', 'Prompt'],
  resources: ['uri', 'Resource'],
  resourceTemplates: ['uriTemplate', 'Resource template'],
};

/** A declaration's identity and explicit scope (-1: none, it inherits the root's). */
type Projection = [identity: string, scope: number];

interface Seen {
  first: FirstIndex;
  /** Each declaration's effective scope, by index. */
  scopes: number[];
  /** Identities seen more than once: the union of their scopes so far. */
  unions: Map<string, Scope>;
}

const rule: Rule = {
  id: 'mcpdesc.primitive.scope-disjoint',
  description: 'Give declarations that share a name, URI or URI template disjoint protocol scopes.',
  specSection: '9.5',
  scope: 'document',
  levels: levels080('error'),
  project(collection, _index, value): Projection | undefined {
    const identity = IDENTITY[collection];
    if (identity === undefined || !isObject(value)) return undefined;
    const key = value[identity[0]];
    if (typeof key !== 'string' || !Object.hasOwn(value, identity[0])) return undefined;
    return [key, explicitScope(value) ?? -1];
  },
  examples: {
    valid: [
      {
        description: 'one tool name in two disjoint scopes; one URI in two disjoint scopes',
        document: exampleDocument080({
          protocolVersions: ['2025-11-25', '2026-07-28'],
          tools: [
            exampleTool({ name: 'run_job', protocolVersions: ['2025-11-25'] }),
            exampleTool({ name: 'run_job', protocolVersions: ['2026-07-28'] }),
          ],
          resources: [
            { uri: 'data://s', name: 's', protocolVersions: ['2025-11-25'] },
            { uri: 'data://s', name: 's', protocolVersions: ['2026-07-28'] },
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'an unscoped tool and a scoped one with the same name; two prompts for one revision',
        document: exampleDocument080({
          protocolVersions: ['2025-11-25', '2026-07-28'],
          tools: [
            exampleTool({ name: 'run_job' }),
            exampleTool({ name: 'run_job', protocolVersions: ['2026-07-28'] }),
          ],
          prompts: [
            { name: 'p', protocolVersions: ['2025-11-25'] },
            { name: 'q' },
            { name: 'p', protocolVersions: ['2026-07-28'] },
            { name: 'p' },
          ],
        }),
        diagnostics: [
          { pointer: '/tools/1/protocolVersions', severity: 'error' },
          { pointer: '/prompts/3', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    let root: Scope = ALL_REVISIONS;
    let seen = new Map<CollectionKey, Seen>();
    return {
      start() {
        const declared = scopeOf(context.declaredProtocolVersions);
        root = declared === NO_REVISIONS ? ALL_REVISIONS : declared;
        seen = new Map();
      },
      element(collection, index, projection) {
        if (!Array.isArray(projection)) return;
        const [identity, own] = projection as Projection;
        const scope = own === -1 ? root : own;
        let state = seen.get(collection);
        if (state === undefined) {
          state = { first: new FirstIndex(), scopes: [], unions: new Map() };
          seen.set(collection, state);
        }
        state.scopes[index] = scope;
        const first = state.first.firstOrAdd(identity, index);
        if (first === -1) return;
        const union = state.unions.get(identity) ?? state.scopes[first] ?? NO_REVISIONS;
        state.unions.set(identity, union | scope);
        const overlap = union & scope;
        if (overlap === NO_REVISIONS) return;
        const [key, noun] = IDENTITY[collection]!;
        context.report(
          own === -1 ? [collection, index] : [collection, index, 'protocolVersions'],
          `${noun} ${quote(identity)} applies to ${describeScope(overlap)}, as an earlier declaration with the same "${key}" does (first at /${collection}/${first}); declarations sharing a ${key} need disjoint protocol scopes`,
        );
      },
    };
  },
};

export default rule;
