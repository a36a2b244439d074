// The defect catalogue: each kind mutates a valid document and states the findings it must cause
// (rule id, severity, pointer). Severities are the 0.7.0 levels of the rule catalogue.
// A defect may cause further findings (e.g. a wrong type also fails a format check), so the
// manifest's expectations are "at least these", never "exactly these".
import type { Json, JsonObject } from './content.js';
import type { Rng } from './random.js';

export interface ExpectedFinding {
  ruleId: string;
  severity: 'error' | 'warning';
  pointer: string;
}

export interface DefectResult {
  /** The document to write (a defect may replace the root). */
  document: Json;
  expected: ExpectedFinding[];
}

export interface DefectKind {
  kind: string;
  /** Whether the defect applies at tool level (usable in dumps: one tool, one index). */
  toolLevel: boolean;
  apply(doc: JsonObject, rng: Rng): DefectResult;
}

function tools(doc: JsonObject): JsonObject[] {
  return doc.tools as JsonObject[];
}

function pickToolIndex(doc: JsonObject, rng: Rng): number {
  return rng.int(0, tools(doc).length - 1);
}

export const err = (ruleId: string, pointer: string): ExpectedFinding => ({
  ruleId,
  severity: 'error',
  pointer,
});
export const warn = (ruleId: string, pointer: string): ExpectedFinding => ({
  ruleId,
  severity: 'warning',
  pointer,
});

/** Mutations of a single tool; shared by registry documents and dumps. */
export const TOOL_DEFECTS: ReadonlyArray<{
  kind: string;
  apply(tool: JsonObject, pointer: string, rng: Rng): ExpectedFinding[];
}> = [
  {
    kind: 'tool-input_schema',
    apply(tool, pointer) {
      tool.input_schema = tool.inputSchema!;
      delete tool.inputSchema;
      return [
        err('mcpdesc.tool.members', `${pointer}/input_schema`),
        warn('mcpdesc.tool.input-schema-present', pointer),
      ];
    },
  },
  {
    kind: 'tool-parameters',
    apply(tool, pointer) {
      tool.parameters = tool.inputSchema!;
      delete tool.inputSchema;
      return [
        err('mcpdesc.tool.members', `${pointer}/parameters`),
        warn('mcpdesc.tool.input-schema-present', pointer),
      ];
    },
  },
  {
    kind: 'tool-description-not-string',
    apply(tool, pointer, rng) {
      tool.description = rng.int(1, 1000);
      return [err('mcpdesc.tool.members', `${pointer}/description`)];
    },
  },
  {
    kind: 'tool-execution-unknown-member',
    apply(tool, pointer) {
      tool.execution = { taskSupport: 'optional', mode: 'async' };
      return [err('mcpdesc.tool.members', `${pointer}/execution/mode`)];
    },
  },
  {
    kind: 'input-schema-bad-type-keyword',
    apply(tool, pointer) {
      const schema = tool.inputSchema as JsonObject;
      const properties = schema.properties as JsonObject;
      const first = Object.keys(properties)[0]!;
      properties[first] = { type: 'strng' };
      return [err('mcpdesc.tool.schema-valid', `${pointer}/inputSchema/properties/${first}/type`)];
    },
  },
  {
    kind: 'input-schema-unresolvable-ref',
    apply(tool, pointer) {
      const schema = tool.inputSchema as JsonObject;
      (schema.properties as JsonObject).options = { $ref: '#/$defs/doesNotExist' };
      return [err('mcpdesc.tool.schema-local-ref', `${pointer}/inputSchema/properties/options/$ref`)];
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

function toolDefect(index: number): DefectKind {
  const base = TOOL_DEFECTS[index]!;
  return {
    kind: base.kind,
    toolLevel: true,
    apply(doc, rng) {
      const i = pickToolIndex(doc, rng);
      return { document: doc, expected: base.apply(tools(doc)[i]!, `/tools/${i}`, rng) };
    },
  };
}

/** Every kind; registry corpora draw from all of them. */
export const DEFECTS: readonly DefectKind[] = [
  ...TOOL_DEFECTS.map((_, i) => toolDefect(i)),
  {
    kind: 'info-missing-version',
    toolLevel: false,
    apply(doc) {
      delete (doc.info as JsonObject).version;
      return { document: doc, expected: [err('mcpdesc.info.members', '/info')] };
    },
  },
  {
    kind: 'info-bad-protocol-version',
    toolLevel: false,
    apply(doc) {
      (doc.info as JsonObject).protocolVersion = '2023-13-45';
      return { document: doc, expected: [err('mcpdesc.info.members', '/info/protocolVersion')] };
    },
  },
  {
    kind: 'transport-bad-type',
    toolLevel: false,
    apply(doc) {
      (doc.transports as JsonObject[])[0]!.type = 'websocket';
      return { document: doc, expected: [err('mcpdesc.transport.members', '/transports/0')] };
    },
  },
  {
    kind: 'security-oauth2-without-flows',
    toolLevel: false,
    apply(doc) {
      doc.security = [{ type: 'oauth2', description: 'OAuth sign-in' }];
      return { document: doc, expected: [err('mcpdesc.security.scheme-conditional', '/security/0')] };
    },
  },
  {
    kind: 'tag-duplicate-name',
    toolLevel: false,
    apply(doc) {
      const tags = Array.isArray(doc.tags) ? (doc.tags as JsonObject[]) : [];
      if (tags.length === 0) tags.push({ name: 'data' });
      tags.push({ name: tags[0]!.name!, description: 'again' });
      doc.tags = tags;
      return { document: doc, expected: [err('mcpdesc.tag.unique', `/tags/${tags.length - 1}`)] };
    },
  },
  {
    kind: 'entity-tag-undeclared',
    toolLevel: false,
    apply(doc, rng) {
      if (!Array.isArray(doc.tags)) doc.tags = [{ name: 'data' }];
      const i = pickToolIndex(doc, rng);
      const tool = tools(doc)[i]!;
      const refs = Array.isArray(tool.tags) ? (tool.tags as string[]) : [];
      refs.push('not-declared-anywhere');
      tool.tags = refs;
      return {
        document: doc,
        expected: [err('mcpdesc.entity-tags.reference', `/tools/${i}/tags/${refs.length - 1}`)],
      };
    },
  },
  {
    kind: 'resource-template-bad-uri-template',
    toolLevel: false,
    apply(doc) {
      doc.resourceTemplates = [{ uriTemplate: 'https://api.example.com/items/{id', name: 'item' }];
      return {
        document: doc,
        expected: [err('mcpdesc.resource-template.uri-template', '/resourceTemplates/0/uriTemplate')],
      };
    },
  },
  {
    kind: 'duplicate-tool-names',
    toolLevel: false,
    apply(doc, rng) {
      const list = tools(doc);
      const copy = {
        ...list[rng.int(0, list.length - 1)]!,
        description: 'A second tool with the same name.',
      };
      // Appended, so that the pointers of another defect in the same document do not shift.
      const at = list.length;
      list.push(copy);
      return { document: doc, expected: [warn('mcpdesc.tool.name-unique', `/tools/${at}/name`)] };
    },
  },
  {
    kind: 'non-object-root',
    toolLevel: false,
    apply(doc) {
      return { document: [doc], expected: [err('mcpdesc.document.root-object', '')] };
    },
  },
  {
    kind: 'unsupported-mcpdesc',
    toolLevel: false,
    apply(doc) {
      doc.mcpdesc = '0.9.0';
      return { document: doc, expected: [err('mcpdesc.version.recognized', '/mcpdesc')] };
    },
  },
  {
    kind: 'missing-mcpdesc',
    toolLevel: false,
    apply(doc) {
      delete doc.mcpdesc;
      return { document: doc, expected: [err('mcpdesc.version.declared', '')] };
    },
  },
  {
    kind: 'info-website-not-uri',
    toolLevel: false,
    apply(doc) {
      (doc.info as JsonObject).websiteUrl = 'not a url';
      return { document: doc, expected: [err('mcpdesc.info.members', '/info/websiteUrl')] };
    },
  },
  {
    kind: 'transport-legacy-sse',
    toolLevel: false,
    apply(doc) {
      (doc.transports as Json[]).push({ type: 'sse', url: 'https://mcp.example.com/sse' });
      const at = (doc.transports as Json[]).length - 1;
      return { document: doc, expected: [warn('mcpdesc.transport.legacy-sse', `/transports/${at}`)] };
    },
  },
];

/** Ways a file is not JSON at all (~0.7% of a registry corpus). */
export const NOT_JSON: ReadonlyArray<{ kind: string; make(valid: string, rng: Rng): string }> = [
  { kind: 'truncated', make: (valid, rng) => valid.slice(0, rng.int(1, Math.max(1, valid.length - 2))) },
  {
    kind: 'html-error-page',
    make: () => '<!DOCTYPE html>\n<html><body><h1>502 Bad Gateway</h1></body></html>\n',
  },
  { kind: 'empty', make: () => '' },
  { kind: 'trailing-comma', make: (valid) => valid.replace(/\}\s*$/, ',}\n') },
  { kind: 'garbage-after-root', make: (valid) => `${valid}\n{"second": "document"}\n` },
  { kind: 'single-quotes', make: () => "{'mcpdesc': '0.7.0', 'tools': []}\n" },
];
