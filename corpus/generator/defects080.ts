// Planted defects of 0.8.0 documents, as defects.ts has for 0.7.0: each kind mutates a valid document
// (content080.ts) and states the findings it must cause at the 0.8.0 levels ("at least these"). Several
// are cross-references that streamed checking must resolve in any member order: an undeclared security
// scheme, a missing schema component, a tool name used twice in overlapping scopes.
import type { Json, JsonObject } from './content.js';
import { type DefectKind, type ExpectedFinding, err, warn } from './defects.js';
import type { Rng } from './random.js';

/** What a tool-level defect may rely on in its document. */
export interface DumpContext {
  /** The name of a tool declared elsewhere in the document without `protocolVersions`. */
  otherToolName: string;
}

/** Mutations of a single 0.8.0 tool; shared by registry documents and dumps. */
export const TOOL_DEFECTS_080: ReadonlyArray<{
  kind: string;
  apply(tool: JsonObject, pointer: string, rng: Rng, context: DumpContext): ExpectedFinding[];
}> = [
  {
    kind: 'tool-missing-input-schema',
    apply(tool, pointer) {
      delete tool.inputSchema;
      delete tool.examples;
      return [err('mcpdesc.tool.members', pointer)];
    },
  },
  {
    kind: 'tool-empty-elicitations',
    apply(tool, pointer) {
      tool.elicitations = [];
      return [err('mcpdesc.tool.members', `${pointer}/elicitations`)];
    },
  },
  {
    kind: 'tool-undeclared-security-scheme',
    apply(tool, pointer) {
      tool.security = [{ 'not-declared': [] }];
      return [err('mcpdesc.security.requirement-reference', `${pointer}/security/0/not-declared`)];
    },
  },
  {
    kind: 'tool-missing-schema-component',
    apply(tool, pointer) {
      tool.inputSchema = { $componentRef: '#/components/schemas/NotDeclared' };
      delete tool.examples;
      return [err('mcpdesc.components.reference', `${pointer}/inputSchema/$componentRef`)];
    },
  },
  {
    kind: 'tool-execution-outside-2025-11-25',
    apply(tool, pointer) {
      // Every generated coverage has a revision other than 2025-11-25, the only one with Tool.execution.
      delete tool.protocolVersions;
      tool.execution = { taskSupport: 'optional' };
      delete tool.examples;
      return [err('mcpdesc.protocol.revision-applicable', `${pointer}/execution`)];
    },
  },
  {
    kind: 'tool-name-in-overlapping-scope',
    apply(tool, pointer, _rng, context) {
      tool.name = context.otherToolName;
      return [err('mcpdesc.primitive.scope-disjoint', pointer)];
    },
  },
  {
    kind: 'tool-input-schema-not-object',
    apply(tool, pointer) {
      tool.inputSchema = { type: 'array', items: { type: 'string' } };
      delete tool.examples;
      return [err('mcpdesc.tool.members', `${pointer}/inputSchema/type`)];
    },
  },
  {
    kind: 'tool-name-format',
    apply(tool, pointer) {
      tool.name = `${String(tool.name)} (beta)`;
      return [warn('mcpdesc.tool.name-format', `${pointer}/name`)];
    },
  },
];

function tools(doc: JsonObject): JsonObject[] {
  return doc.tools as JsonObject[];
}

function toolDefect(index: number): DefectKind {
  const base = TOOL_DEFECTS_080[index]!;
  return {
    kind: base.kind,
    toolLevel: true,
    apply(doc, rng) {
      const list = tools(doc);
      const i = rng.int(0, list.length - 1);
      if (base.kind !== 'tool-name-in-overlapping-scope') {
        return { document: doc, expected: base.apply(list[i]!, `/tools/${i}`, rng, { otherToolName: '' }) };
      }
      // An unscoped copy of a tool, appended (earlier pointers stay as they are): it overlaps the original.
      const original = list[i]!;
      delete original.protocolVersions;
      const copy = { ...original, description: 'The same tool again.' };
      list.push(copy);
      const at = `/tools/${list.length - 1}`;
      return { document: doc, expected: base.apply(copy, at, rng, { otherToolName: String(original.name) }) };
    },
  };
}

/** Every 0.8.0 kind; 0.8.0 registry corpora draw from all of them. */
export const DEFECTS_080: readonly DefectKind[] = [
  ...TOOL_DEFECTS_080.map((_, i) => toolDefect(i)),
  {
    kind: 'root-missing-protocol-versions',
    toolLevel: false,
    apply(doc) {
      delete doc.protocolVersions;
      return { document: doc, expected: [err('mcpdesc.root.members', '')] };
    },
  },
  {
    kind: 'root-unknown-revision',
    toolLevel: false,
    apply(doc) {
      const versions = doc.protocolVersions as Json[];
      versions.push('2027-01-01');
      return {
        document: doc,
        expected: [err('mcpdesc.root.members', `/protocolVersions/${versions.length - 1}`)],
      };
    },
  },
  {
    kind: 'root-empty-collection',
    toolLevel: false,
    apply(doc) {
      doc.prompts = [];
      return { document: doc, expected: [err('mcpdesc.root.members', '/prompts')] };
    },
  },
  {
    kind: 'root-security-undeclared-scheme',
    toolLevel: false,
    apply(doc) {
      doc.security = [{ 'not-declared': [] }];
      return {
        document: doc,
        expected: [err('mcpdesc.security.requirement-reference', '/security/0/not-declared')],
      };
    },
  },
  {
    kind: 'transport-outside-root-scope',
    toolLevel: false,
    apply(doc) {
      const transports = doc.transports as JsonObject[];
      transports.push({ type: 'stdio', command: 'extra', protocolVersions: ['2024-11-05'] });
      return {
        document: doc,
        expected: [
          err('mcpdesc.protocol.scope-subset', `/transports/${transports.length - 1}/protocolVersions`),
        ],
      };
    },
  },
  {
    kind: 'capabilities-not-an-array',
    toolLevel: false,
    apply(doc) {
      doc.capabilities = { tools: { listChanged: true } };
      return { document: doc, expected: [err('mcpdesc.capabilities.members', '/capabilities')] };
    },
  },
  {
    kind: 'info-protocol-version-0.7.0-style',
    toolLevel: false,
    apply(doc) {
      (doc.info as JsonObject).protocolVersion = '2025-11-25';
      return { document: doc, expected: [err('mcpdesc.info.members', '/info/protocolVersion')] };
    },
  },
  {
    kind: 'non-object-root',
    toolLevel: false,
    apply(doc) {
      return { document: [doc], expected: [err('mcpdesc.document.root-object', '')] };
    },
  },
];
