// The catalogue: every rule, in the order their diagnostics are produced for the same element.
// A rule file's name is its id; the catalogue test checks that every file is listed here.
import type { Rule } from '../rule.js';
import documentRootObject from './mcpdesc.document.root-object.js';
import entityTagsReference from './mcpdesc.entity-tags.reference.js';
import resourceTemplateUriTemplate from './mcpdesc.resource-template.uri-template.js';
import rootPrimitivesNonempty from './mcpdesc.root.primitives-nonempty.js';
import securitySchemeConditional from './mcpdesc.security.scheme-conditional.js';
import tagUnique from './mcpdesc.tag.unique.js';
import toolInputSchemaPresent from './mcpdesc.tool.input-schema-present.js';
import toolNameFormat from './mcpdesc.tool.name-format.js';
import toolNameNonempty from './mcpdesc.tool.name-nonempty.js';
import toolNameUnique from './mcpdesc.tool.name-unique.js';
import toolSchemaDialect from './mcpdesc.tool.schema-dialect.js';
import toolSchemaExternalRef from './mcpdesc.tool.schema-external-ref.js';
import toolSchemaLocalRef from './mcpdesc.tool.schema-local-ref.js';
import toolSchemaValid from './mcpdesc.tool.schema-valid.js';
import transportLegacySse from './mcpdesc.transport.legacy-sse.js';

export const RULES: readonly Rule[] = [
  documentRootObject,
  // semantic rules
  rootPrimitivesNonempty,
  transportLegacySse,
  securitySchemeConditional,
  toolNameNonempty,
  toolInputSchemaPresent,
  toolNameFormat,
  toolSchemaDialect,
  toolSchemaValid,
  toolSchemaLocalRef,
  toolSchemaExternalRef,
  toolNameUnique,
  resourceTemplateUriTemplate,
  tagUnique,
  entityTagsReference,
];

export function findRule(id: string): Rule | undefined {
  return RULES.find((rule) => rule.id === id);
}
