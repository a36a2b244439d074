// The catalogue: every rule, in the order their diagnostics are produced for the same element.
// A rule file's name is its id; the catalogue test checks that every file is listed here.
// Structural rules (one JSON Schema fragment per object they own) come first, semantic rules after.
import type { Rule } from '../rule.js';
import capabilitiesMembers from './mcpdesc.capabilities.members.js';
import capabilitiesPreStandardExtensions from './mcpdesc.capabilities.pre-standard-extensions.js';
import capabilitiesScopeDisjoint from './mcpdesc.capabilities.scope-disjoint.js';
import clientRequirementsMembers from './mcpdesc.client-requirements.members.js';
import completionExampleArguments from './mcpdesc.completion.example-arguments.js';
import componentsMembers from './mcpdesc.components.members.js';
import componentsReference from './mcpdesc.components.reference.js';
import documentBom from './mcpdesc.document.bom.js';
import documentDuplicateKey from './mcpdesc.document.duplicate-key.js';
import documentRootObject from './mcpdesc.document.root-object.js';
import documentSyntax from './mcpdesc.document.syntax.js';
import elicitationFormSchema from './mcpdesc.elicitation.form-schema.js';
import elicitationMembers from './mcpdesc.elicitation.members.js';
import emailAddress from './mcpdesc.email.address.js';
import entityTagsReference from './mcpdesc.entity-tags.reference.js';
import entityTagsShape from './mcpdesc.entity-tags.shape.js';
import exampleCompletedResult from './mcpdesc.example.completed-result.js';
import exampleMembers from './mcpdesc.example.members.js';
import exampleResourceContents from './mcpdesc.example.resource-contents.js';
import extensionIdentifier from './mcpdesc.extension.identifier.js';
import iconMembers from './mcpdesc.icon.members.js';
import infoMembers from './mcpdesc.info.members.js';
import infoVersionSemver from './mcpdesc.info.version-semver.js';
import metaReserved from './mcpdesc.meta.reserved.js';
import metaUnknownReserved from './mcpdesc.meta.unknown-reserved.js';
import primitiveScopeDisjoint from './mcpdesc.primitive.scope-disjoint.js';
import promptExampleArguments from './mcpdesc.prompt.example-arguments.js';
import promptMembers from './mcpdesc.prompt.members.js';
import protocolDeprecated from './mcpdesc.protocol.deprecated.js';
import protocolLegacyRevision from './mcpdesc.protocol.legacy-revision.js';
import protocolRevisionApplicable from './mcpdesc.protocol.revision-applicable.js';
import protocolScopeSubset from './mcpdesc.protocol.scope-subset.js';
import resourceExampleConsistency from './mcpdesc.resource.example-consistency.js';
import resourceMembers from './mcpdesc.resource.members.js';
import resourceUriSyntax from './mcpdesc.resource.uri-syntax.js';
import resourceTemplateExampleUri from './mcpdesc.resource-template.example-uri.js';
import resourceTemplateMembers from './mcpdesc.resource-template.members.js';
import resourceTemplateUriTemplate from './mcpdesc.resource-template.uri-template.js';
import rootMembers from './mcpdesc.root.members.js';
import rootPrimitivesNonempty from './mcpdesc.root.primitives-nonempty.js';
import rootPrimitivesPresent from './mcpdesc.root.primitives-present.js';
import rootSchemaVersion from './mcpdesc.root.schema-version.js';
import securityRequirementReference from './mcpdesc.security.requirement-reference.js';
import securityRequirementScopes from './mcpdesc.security.requirement-scopes.js';
import securitySchemeConditional from './mcpdesc.security.scheme-conditional.js';
import securitySchemeMembers from './mcpdesc.security.scheme-members.js';
import securityScopeCatalogued from './mcpdesc.security.scope-catalogued.js';
import tagMembers from './mcpdesc.tag.members.js';
import tagUnique from './mcpdesc.tag.unique.js';
import toolExampleSchema from './mcpdesc.tool.example-schema.js';
import toolInputSchemaPresent from './mcpdesc.tool.input-schema-present.js';
import toolInteractionRequirements from './mcpdesc.tool.interaction-requirements.js';
import toolInteractionSteps from './mcpdesc.tool.interaction-steps.js';
import toolMcpHeader from './mcpdesc.tool.mcp-header.js';
import toolMembers from './mcpdesc.tool.members.js';
import toolNameFormat from './mcpdesc.tool.name-format.js';
import toolNameNonempty from './mcpdesc.tool.name-nonempty.js';
import toolNameUnique from './mcpdesc.tool.name-unique.js';
import toolSchemaDialect from './mcpdesc.tool.schema-dialect.js';
import toolSchemaExternalRef from './mcpdesc.tool.schema-external-ref.js';
import toolSchemaLocalRef from './mcpdesc.tool.schema-local-ref.js';
import toolSchemaRoot from './mcpdesc.tool.schema-root.js';
import toolSchemaValid from './mcpdesc.tool.schema-valid.js';
import transportCoverage from './mcpdesc.transport.coverage.js';
import transportLegacySse from './mcpdesc.transport.legacy-sse.js';
import transportMembers from './mcpdesc.transport.members.js';
import versionDeclared from './mcpdesc.version.declared.js';
import versionDraft from './mcpdesc.version.draft.js';
import versionRecognized from './mcpdesc.version.recognized.js';

export const RULES: readonly Rule[] = [
  // parser rules (findings reported by the parsers through report.ts)
  documentSyntax,
  documentBom,
  documentDuplicateKey,
  // structural rules
  documentRootObject,
  versionDeclared,
  versionRecognized,
  versionDraft,
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
  componentsMembers,
  elicitationMembers,
  clientRequirementsMembers,
  exampleMembers,
  // semantic rules
  rootPrimitivesNonempty,
  rootSchemaVersion,
  infoVersionSemver,
  emailAddress,
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
  resourceUriSyntax,
  resourceTemplateUriTemplate,
  tagUnique,
  entityTagsReference,
  // 0.8.0 semantic rules
  protocolLegacyRevision,
  protocolScopeSubset,
  protocolRevisionApplicable,
  protocolDeprecated,
  transportCoverage,
  capabilitiesScopeDisjoint,
  capabilitiesPreStandardExtensions,
  extensionIdentifier,
  securityRequirementReference,
  securityRequirementScopes,
  securityScopeCatalogued,
  componentsReference,
  metaReserved,
  metaUnknownReserved,
  primitiveScopeDisjoint,
  toolSchemaRoot,
  toolMcpHeader,
  toolExampleSchema,
  toolInteractionSteps,
  toolInteractionRequirements,
  elicitationFormSchema,
  exampleCompletedResult,
  exampleResourceContents,
  promptExampleArguments,
  completionExampleArguments,
  resourceTemplateExampleUri,
  resourceExampleConsistency,
];

export function findRule(id: string): Rule | undefined {
  return RULES.find((rule) => rule.id === id);
}
