// The official mcpdesc 0.8.0 fixture corpus, the 0.8.0 examples and the serialization fixtures, read
// from ../shared: every expected-invalid document gets an error of the rules its table row names (what
// the fixture is about; other findings may come with it), every expected-valid document no error and no
// warning, every expected-warning document a warning of its named rules and no error; the examples are
// clean; the restricted-YAML fixtures are syntax errors.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Diagnostic } from '../../src/types.js';
import { checkText } from '../../src/worker/check-text.js';
import { SHARED } from './oracle-data.js';

const SPEC = join(SHARED, 'spec/mcpdesc+mcpdesc-specification/spec/0.8.0');
const options = { target: null, ruleLevels: {}, maxDiagnostics: 10_000 };

/** The rule each expected-invalid fixture is about (an error of each must be reported). */
const INVALID: Readonly<Record<string, readonly string[]>> = {
  'closed-protocol-enum.json': ['mcpdesc.root.members'],
  'component-extension-boundaries.json': ['mcpdesc.components.members'],
  'component-protocol-scope.json': ['mcpdesc.protocol.revision-applicable'],
  'component-reference-resolution.json': ['mcpdesc.components.reference'],
  'duplicate-mcp-header.json': ['mcpdesc.tool.mcp-header'],
  'duplicate-security-scope.json': ['mcpdesc.root.members'],
  'duplicate-tag-reference.json': ['mcpdesc.entity-tags.reference'],
  'elicitation-branch-mixing.json': ['mcpdesc.elicitation.members'],
  'elicitation-form-semantics.json': ['mcpdesc.elicitation.members', 'mcpdesc.elicitation.form-schema'],
  'elicitation-scope-outside-parent.json': ['mcpdesc.protocol.scope-subset'],
  'elicitation-version-mismatch.json': ['mcpdesc.protocol.revision-applicable'],
  'empty-client-capability-requirements.json': ['mcpdesc.client-requirements.members'],
  'empty-ordinary-nested-collections.json': [
    'mcpdesc.icon.members',
    'mcpdesc.capabilities.members',
    'mcpdesc.tool.members',
    'mcpdesc.prompt.members',
  ],
  'empty-ordinary-root-collections.json': [
    'mcpdesc.root.members',
    'mcpdesc.transport.members',
    'mcpdesc.security.scheme-members',
    'mcpdesc.capabilities.members',
  ],
  'empty-tag-catalog-reference.json': ['mcpdesc.root.members', 'mcpdesc.entity-tags.reference'],
  'invalid-completion-example-semantics.json': [
    'mcpdesc.protocol.revision-applicable',
    'mcpdesc.completion.example-arguments',
    'mcpdesc.example.completed-result',
    'mcpdesc.resource-template.uri-template',
  ],
  'invalid-mcp-header-placement.json': ['mcpdesc.tool.mcp-header'],
  'invalid-mcp-header-value.json': ['mcpdesc.tool.mcp-header'],
  'invalid-prompt-example-semantics.json': [
    'mcpdesc.protocol.revision-applicable',
    'mcpdesc.prompt.example-arguments',
    'mcpdesc.example.completed-result',
  ],
  'invalid-resource-annotations.json': [
    'mcpdesc.protocol.revision-applicable',
    'mcpdesc.resource-template.members',
  ],
  'invalid-security-scheme-name.json': ['mcpdesc.security.scheme-members'],
  'invalid-tool-example-result-semantics.json': [
    'mcpdesc.tool.example-schema',
    'mcpdesc.example.completed-result',
  ],
  'invalid-tool-interaction-example-semantics.json': [
    'mcpdesc.tool.interaction-steps',
    'mcpdesc.protocol.revision-applicable',
    'mcpdesc.tool.example-schema',
  ],
  'malformed-completion-examples.json': ['mcpdesc.example.members'],
  'malformed-extension-identifier.json': ['mcpdesc.capabilities.members'],
  'malformed-pre-dialect-tool-schema-shape.json': ['mcpdesc.tool.schema-valid'],
  'malformed-prompt-examples.json': ['mcpdesc.example.members'],
  'malformed-resource-examples.json': ['mcpdesc.example.members', 'mcpdesc.resource-template.uri-template'],
  'malformed-resource-template-example.json': ['mcpdesc.resource-template.uri-template'],
  'malformed-tool-examples.json': ['mcpdesc.example.members'],
  'malformed-tool-interaction-examples.json': ['mcpdesc.example.members'],
  'malformed-tool-schema.json': ['mcpdesc.tool.schema-valid'],
  'meta-invalid-key.json': ['mcpdesc.tool.members'],
  'meta-reserved-key-misuse.json': ['mcpdesc.meta.reserved'],
  'missing-tool-input-schema.json': ['mcpdesc.tool.members'],
  'non-oauth-scopes.json': ['mcpdesc.security.requirement-scopes'],
  'non-object-output-schema-before-2026.json': ['mcpdesc.tool.schema-root'],
  'oauth-flow-missing-required-url.json': ['mcpdesc.security.scheme-members'],
  'object-level-extension-cannot-weaken-core.json': ['mcpdesc.tool.members'],
  'object-level-extension-in-capability-map.json': ['mcpdesc.capabilities.members'],
  'object-level-extension-in-domain-map.json': ['mcpdesc.security.scheme-members'],
  'object-level-extension-in-native-content.json': ['mcpdesc.example.members'],
  'object-level-extension-in-security-requirement.json': ['mcpdesc.root.members'],
  'object-level-unknown-property.json': ['mcpdesc.tool.members'],
  'overlapping-capabilities.json': ['mcpdesc.capabilities.scope-disjoint'],
  'overlapping-tool-scope.json': ['mcpdesc.primitive.scope-disjoint'],
  'resource-example-cache-fields.json': ['mcpdesc.protocol.revision-applicable', 'mcpdesc.example.members'],
  'resource-example-result-semantics.json': [
    'mcpdesc.example.resource-contents',
    'mcpdesc.example.completed-result',
    'mcpdesc.protocol.revision-applicable',
    'mcpdesc.resource-template.example-uri',
  ],
  'revision-inapplicable-execution.json': ['mcpdesc.protocol.revision-applicable'],
  'revision-inapplicable-mcp-header.json': ['mcpdesc.tool.mcp-header'],
  'revision-inapplicable-streamable-http.json': ['mcpdesc.protocol.revision-applicable'],
  'revision-inapplicable-tool-schema-dialect.json': ['mcpdesc.protocol.revision-applicable'],
  'revision-incompatible-client-capability-requirements.json': ['mcpdesc.protocol.revision-applicable'],
  'revision-incompatible-tool-example.json': ['mcpdesc.protocol.revision-applicable'],
  'root-version-without-transport.json': ['mcpdesc.transport.coverage'],
  'scoped-version-not-in-root.json': ['mcpdesc.protocol.scope-subset'],
  'tool-example-schema-mismatches.json': ['mcpdesc.tool.example-schema'],
  'unknown-security-reference.json': ['mcpdesc.security.requirement-reference'],
  'unresolved-local-tool-ref.json': ['mcpdesc.tool.schema-local-ref'],
};

/** The rule each expected-warning fixture is about (a warning of each must be reported). */
const WARNING: Readonly<Record<string, readonly string[]>> = {
  'deprecated-client-capability-requirements.json': [
    'mcpdesc.protocol.deprecated',
    'mcpdesc.extension.identifier',
  ],
  'legacy-completion-examples.json': ['mcpdesc.protocol.legacy-revision'],
  'legacy-sse-modern-revision.json': ['mcpdesc.transport.legacy-sse'],
  'logging-deprecated-2026.json': ['mcpdesc.protocol.deprecated'],
  'pre-dialect-tool-example.json': ['mcpdesc.protocol.legacy-revision'],
  'pre-dialect-tool-schema-shape.json': ['mcpdesc.protocol.legacy-revision'],
  'pre-standard-extension-capabilities.json': ['mcpdesc.capabilities.pre-standard-extensions'],
  'resource-example-consistency.json': ['mcpdesc.resource.example-consistency'],
  'tool-interaction-client-requirements-contradictions.json': ['mcpdesc.tool.interaction-requirements'],
  'uncatalogued-oauth-scope.json': ['mcpdesc.security.scope-catalogued'],
  'uncatalogued-openid-scope.json': ['mcpdesc.security.scope-catalogued'],
  'unknown-reserved-extension-identifier.json': ['mcpdesc.extension.identifier'],
  'unknown-reserved-meta-key.json': ['mcpdesc.meta.unknown-reserved'],
  'unresolved-external-tool-example-ref.json': ['mcpdesc.tool.schema-external-ref'],
  'unresolved-external-tool-ref.json': ['mcpdesc.tool.schema-external-ref'],
};

function check(dir: string, name: string): Diagnostic[] {
  const text = readFileSync(join(SPEC, dir, name), 'utf8');
  return checkText(text, options, name.endsWith('.json') ? 'json' : 'yaml').diagnostics;
}

function files(dir: string): string[] {
  return readdirSync(join(SPEC, dir)).sort();
}

const bySeverity = (diagnostics: Diagnostic[], severity: string) =>
  new Set(diagnostics.filter((d) => d.severity === severity).map((d) => d.ruleId));

const list = (diagnostics: Diagnostic[]) =>
  diagnostics.map((d) => `${d.severity} ${d.ruleId} ${d.pointer}: ${d.message}`).join('\n');

describe('mcpdesc 0.8.0 official fixtures', {
  skip: !existsSync(SPEC) && 'no ../shared/spec (0.8.0 fixtures)',
}, () => {
  it('has a table row for every expected-invalid and expected-warning fixture, and no other', () => {
    assert.deepEqual(files('fixtures/expected-invalid'), Object.keys(INVALID).sort());
    assert.deepEqual(files('fixtures/expected-warning'), Object.keys(WARNING).sort());
    assert.equal(files('fixtures/expected-valid').length, 20);
  });

  describe('expected-invalid: an error of the rules named', () => {
    for (const [name, rules] of Object.entries(INVALID)) {
      it(name, () => {
        const diagnostics = check('fixtures/expected-invalid', name);
        const errors = bySeverity(diagnostics, 'error');
        for (const rule of rules)
          assert.ok(errors.has(rule), `${name}: no error of ${rule}\n${list(diagnostics)}`);
      });
    }
  });

  describe('expected-warning: a warning of the rules named, and no error', () => {
    for (const [name, rules] of Object.entries(WARNING)) {
      it(name, () => {
        const diagnostics = check('fixtures/expected-warning', name);
        assert.deepEqual([...bySeverity(diagnostics, 'error')], [], list(diagnostics));
        const warnings = bySeverity(diagnostics, 'warning');
        for (const rule of rules)
          assert.ok(warnings.has(rule), `${name}: no warning of ${rule}\n${list(diagnostics)}`);
      });
    }
  });

  describe('expected-valid: no error, no warning', () => {
    for (const name of existsSync(SPEC) ? files('fixtures/expected-valid') : []) {
      it(name, () => {
        const diagnostics = check('fixtures/expected-valid', name);
        assert.deepEqual(
          diagnostics.filter((d) => d.severity !== 'info'),
          [],
          list(diagnostics),
        );
      });
    }
  });

  describe('the eight 0.8.0 examples are clean', () => {
    it('are eight', () => assert.equal(files('examples').length, 8));
    for (const name of existsSync(SPEC) ? files('examples') : []) {
      it(name, () => assert.deepEqual(check('examples', name), []));
    }
  });

  describe('restricted YAML (§15.3)', () => {
    for (const name of existsSync(SPEC) ? files('serialization-fixtures/expected-invalid') : []) {
      it(`${name} is rejected`, () => {
        const [first, ...rest] = check('serialization-fixtures/expected-invalid', name);
        assert.equal(first?.ruleId, 'mcpdesc.document.syntax', list([first!, ...rest]));
        assert.equal(first?.severity, 'error');
      });
    }
    it('the equivalent JSON document is valid', () => {
      assert.deepEqual(check('serialization-fixtures/equivalent', 'document.json'), []);
    });
  });
});
