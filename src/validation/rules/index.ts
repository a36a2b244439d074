// The catalogue: every rule, in the order their diagnostics are produced for the same element.
// A rule file's name is its id; the catalogue test checks that every file is listed here.
// Structural rules (one JSON Schema fragment per object they own) come first, semantic rules after.
import type { Rule } from '../rule.js';
import capabilitiesMembers from './mcpdesc.capabilities.members.js';
import documentBom from './mcpdesc.document.bom.js';
import documentRootObject from './mcpdesc.document.root-object.js';
import documentSyntax from './mcpdesc.document.syntax.js';
import entityTagsShape from './mcpdesc.entity-tags.shape.js';
import iconMembers from './mcpdesc.icon.members.js';
import infoMembers from './mcpdesc.info.members.js';
import promptMembers from './mcpdesc.prompt.members.js';
import resourceMembers from './mcpdesc.resource.members.js';
import resourceTemplateMembers from './mcpdesc.resource-template.members.js';
import rootMembers from './mcpdesc.root.members.js';
import rootPrimitivesPresent from './mcpdesc.root.primitives-present.js';
import securitySchemeMembers from './mcpdesc.security.scheme-members.js';
import tagMembers from './mcpdesc.tag.members.js';
import toolMembers from './mcpdesc.tool.members.js';
import transportMembers from './mcpdesc.transport.members.js';
import versionDeclared from './mcpdesc.version.declared.js';
import versionRecognized from './mcpdesc.version.recognized.js';

export const RULES: readonly Rule[] = [
  // parser rules (findings reported by the parsers through report.ts)
  documentSyntax,
  documentBom,
  // structural rules
  documentRootObject,
  versionDeclared,
  versionRecognized,
  rootMembers,
  rootPrimitivesPresent,
  infoMembers,
  transportMembers,
  securitySchemeMembers,
  capabilitiesMembers,
  toolMembers,
  resourceMembers,
  resourceTemplateMembers,
  promptMembers,
  tagMembers,
  iconMembers,
  entityTagsShape,
  // semantic rules
];

export function findRule(id: string): Rule | undefined {
  return RULES.find((rule) => rule.id === id);
}
