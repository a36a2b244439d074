import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { createSarifReporter, FINGERPRINT_KEY, GITHUB_MAX_RESULTS } from '../../../src/reporting/sarif.js';
import type { DocumentResult } from '../../../src/types.js';
import { docsUrl } from '../../../src/validation/docs.js';
import { RULES } from '../../../src/validation/rules/index.js';
import {
  assertGolden,
  diag,
  doc,
  memoryStream,
  REPO,
  runReporter,
  SAMPLE_DOCUMENTS,
  SAMPLE_RULES,
  SAMPLE_RUN,
} from './sample-results.js';

// biome-ignore lint/suspicious/noExplicitAny: the SARIF log is checked field by field below
type Json = any;
const options = { cwd: '/repo', root: '/repo' };

async function sarif(documents: readonly DocumentResult[] = SAMPLE_DOCUMENTS, extra = {}) {
  const sink = memoryStream();
  await runReporter(createSarifReporter(sink.stream, { ...options, ...extra }), documents);
  return { text: sink.text(), log: JSON.parse(sink.text()) as Json };
}

const listed = (documents: readonly DocumentResult[]) =>
  documents.reduce((n, d) => n + d.diagnostics.length, 0);

function schemaValidator() {
  // The vendored schema is draft-04 (see test/fixtures/sarif-schema/README.md); its only draft-04-only
  // construct is the root `id`, which Ajv's default draft reads as `$id`.
  const schema = JSON.parse(
    readFileSync(`${REPO}/test/fixtures/sarif-schema/sarif-2.1.0-rtm.5.json`, 'utf8'),
  );
  delete schema.$schema;
  schema.$id = schema.id;
  delete schema.id;
  // unicodeRegExp: false, because one pattern of the schema (language tags) is not a valid `u` regex.
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  (addFormatsModule as unknown as (a: Ajv) => void)(ajv);
  return ajv.compile(schema);
}

describe('sarif reporter', () => {
  it('matches the golden output', async () => {
    assertGolden('sarif.json', (await sarif(SAMPLE_DOCUMENTS, { rules: SAMPLE_RULES })).text, assert.equal);
  });

  it('is valid against the SARIF 2.1.0 JSON schema', async () => {
    const validate = schemaValidator();
    const { log } = await sarif(SAMPLE_DOCUMENTS, { rules: SAMPLE_RULES });
    assert.equal(validate(log), true, JSON.stringify(validate.errors, null, 2));
    const cut = (await sarif(SAMPLE_DOCUMENTS, { maxResults: 2 })).log;
    assert.equal(validate(cut), true, JSON.stringify(validate.errors, null, 2));
    const catalogue = (await sarif()).log;
    assert.equal(validate(catalogue), true, JSON.stringify(validate.errors, null, 2));
    const empty = (await sarif([])).log;
    assert.equal(validate(empty), true, JSON.stringify(validate.errors, null, 2));
    assert.deepEqual(empty.runs[0].results, []);
    assert.equal(validate(log), true, JSON.stringify(validate.errors, null, 2));
    // The schema must be able to say no, or the check above proves nothing.
    const broken = structuredClone(log);
    broken.runs[0].results[0].level = 'fatal';
    assert.equal(validate(broken), false);
  });

  it('gives a baseline-suppressed finding an external suppression, and stays schema-valid', async () => {
    const documents = structuredClone(SAMPLE_DOCUMENTS) as DocumentResult[];
    const target = documents.find((d) => d.diagnostics.length > 0)!;
    target.diagnostics[0]!.suppressed = true;
    const { log } = await sarif(documents);
    const results = log.runs[0].results;
    assert.deepEqual(results[0].suppressions, [{ kind: 'external' }]);
    assert.equal(
      results.filter((r: Json) => r.suppressions !== undefined).length,
      1,
      'only the suppressed finding carries suppressions',
    );
    const validate = schemaValidator();
    assert.equal(validate(log), true, JSON.stringify(validate.errors, null, 2));
  });

  it('writes one result per listed diagnostic, in order', async () => {
    const { log } = await sarif();
    const results = log.runs[0].results;
    assert.equal(results.length, listed(SAMPLE_DOCUMENTS));
    assert.deepEqual(
      results.map((r: Json) => r.message.text),
      SAMPLE_DOCUMENTS.flatMap((d) => d.diagnostics.map((x) => x.message)),
    );
    assert.equal(log.runs[0].properties.truncated, false);
    assert.equal(log.runs[0].properties.findingsNotListed, 3);
  });

  it('gives every result the fields GitHub code scanning requires', async () => {
    const { log } = await sarif();
    assert.equal(log.version, '2.1.0');
    assert.equal(log.runs.length, 1);
    const run = log.runs[0];
    assert.equal(run.tool.driver.name, 'mcpdesc-validate');
    for (const r of run.results) {
      assert.equal(typeof r.ruleId, 'string');
      assert.ok(['error', 'warning', 'note'].includes(r.level));
      assert.ok(r.message.text.length > 0);
      const { artifactLocation, region } = r.locations[0].physicalLocation;
      assert.equal(artifactLocation.uriBaseId, '%SRCROOT%');
      assert.match(artifactLocation.uri, /^registry\//, 'repository-relative, no ./');
      assert.ok(!artifactLocation.uri.includes('\\'));
      assert.ok(Number.isInteger(region.startLine) && region.startLine >= 1);
      if (region.startColumn !== undefined) assert.ok(region.startColumn >= 1);
      assert.match(r.partialFingerprints[FINGERPRINT_KEY], /^[0-9a-f]{64}$/);
    }
    assert.equal(run.results.find((r: Json) => r.ruleId === 'mcpdesc.document.primitives').level, 'note');
    // JSON Lines: the document's line places a finding that has none of its own.
    assert.equal(
      run.results.find((r: Json) => r.ruleId === 'mcpdesc.document.primitives').locations[0].physicalLocation
        .region.startLine,
      3,
    );
    assert.equal(
      run.results.find((r: Json) => r.message.text.startsWith('Tool "evil')).locations[0].physicalLocation
        .artifactLocation.uri,
      'registry/odd%3Aname%2C100%25.json',
    );
  });

  it('describes every catalogue rule', async () => {
    const { log } = await sarif();
    const rules = log.runs[0].tool.driver.rules;
    assert.deepEqual(
      rules.map((r: Json) => r.id),
      RULES.map((r) => r.id),
    );
    for (const rule of rules) {
      assert.equal(rule.helpUri, docsUrl(rule.id));
      assert.ok(rule.shortDescription.text.length > 0);
      assert.ok(['error', 'warning', 'note', 'none'].includes(rule.defaultConfiguration.level));
    }
    // 0.8.0 rules are on by default (at their 0.8.0 level), with the level of every version.
    const scopes = rules.find((r: Json) => r.id === 'mcpdesc.protocol.scope-subset');
    assert.deepEqual(scopes.defaultConfiguration, { level: 'error', enabled: true });
    assert.equal(scopes.properties.levels['0.8.0'], 'error');
    assert.equal(scopes.properties.levels['0.7.0'], 'off');
    const tags = rules.find((r: Json) => r.id === 'mcpdesc.tag.unique');
    assert.deepEqual(tags.properties.specSections, { '0.8.0': '13.2' });
  });

  it("points ruleIndex at the result's rule, and leaves it out for a rule not described", async () => {
    const { log } = await sarif(SAMPLE_DOCUMENTS, { rules: SAMPLE_RULES });
    const rules = log.runs[0].tool.driver.rules;
    let indexed = 0;
    for (const r of log.runs[0].results) {
      if (r.ruleId === 'mcpdesc.document.primitives') {
        assert.equal(r.ruleIndex, undefined);
        continue;
      }
      assert.equal(rules[r.ruleIndex].id, r.ruleId);
      indexed++;
    }
    assert.equal(indexed, listed(SAMPLE_DOCUMENTS) - 1);
    const pattern = rules.find((r: Json) => r.id === 'mcpdesc.tool.name-pattern');
    assert.equal(pattern.defaultConfiguration.level, 'warning', 'the 0.7.0 level when no --target');
  });

  it('fingerprints file + rule id + pointer, stable across runs and distinct per finding', async () => {
    const first = (await sarif()).log.runs[0].results;
    const second = (await sarif()).log.runs[0].results;
    assert.deepEqual(
      first.map((r: Json) => r.partialFingerprints),
      second.map((r: Json) => r.partialFingerprints),
    );
    const expected = createHash('sha256')
      .update('registry/acme/weather.json\u0000\u0000mcpdesc.tool.members\u0000/tools/0')
      .digest('hex');
    assert.equal(first[0].partialFingerprints[FINGERPRINT_KEY], expected);
    const twice = [
      doc('a.json', 0, [
        diag('mcpdesc.tool.members', 'error', 'one', '/tools/0', 1, 1),
        diag('mcpdesc.tool.members', 'error', 'two', '/tools/0', 1, 1),
      ]),
    ];
    const [a, b] = (await sarif(twice)).log.runs[0].results;
    assert.notEqual(a.partialFingerprints[FINGERPRINT_KEY], b.partialFingerprints[FINGERPRINT_KEY]);
  });

  it('cuts at the result cap and says so', async () => {
    const { log } = await sarif(SAMPLE_DOCUMENTS, { maxResults: 5 });
    const run = log.runs[0];
    assert.equal(run.results.length, 5);
    assert.equal(run.properties.truncated, true);
    assert.equal(run.properties.resultsOmitted, listed(SAMPLE_DOCUMENTS) - 5);
    const note = run.invocations[0].toolExecutionNotifications.find((n: Json) =>
      n.message.text.startsWith('Results were cut'),
    );
    assert.equal(note.level, 'warning');
    // Listed in order: weather (2 errors, 1 warning), broken (1 error), dump:2 (1 warning) are written;
    // dump:3 (1 note), odd (1 error) and big (2 errors) are not.
    assert.match(note.message.text, /: 4 more \(3 errors, 0 warnings, 1 note\) are not in this log/);
  });

  it("holds GitHub's 25,000 results per run by default", async () => {
    const documents = Array.from({ length: 2_501 }, (_, i) =>
      doc(
        `f/${i}.json`,
        i,
        Array.from({ length: 10 }, (_, k) =>
          diag('mcpdesc.tool.members', 'error', `m${k}`, `/tools/${k}`, k + 1, 1),
        ),
      ),
    );
    const { log } = await sarif(documents);
    assert.equal(log.runs[0].results.length, GITHUB_MAX_RESULTS);
    assert.equal(log.runs[0].properties.resultsOmitted, 10);
  });

  it('gives each shard its own code-scanning category', async () => {
    const sink = memoryStream();
    const run = { ...SAMPLE_RUN, shard: { index: 2, count: 4 } };
    await runReporter(createSarifReporter(sink.stream, options), SAMPLE_DOCUMENTS, run);
    const log = JSON.parse(sink.text());
    assert.equal(log.runs[0].automationDetails.id, 'mcpdesc-validate/shard-2-of-4/');
    assert.equal(schemaValidator()(log), true);
    assert.equal((await sarif()).log.runs[0].automationDetails, undefined);
  });

  it('streams results as documents arrive', async () => {
    const sink = memoryStream();
    const reporter = createSarifReporter(sink.stream, options);
    await reporter.onStart(SAMPLE_RUN);
    await reporter.onDocument(SAMPLE_DOCUMENTS[1]!);
    assert.ok(sink.text().includes('get_forecast'), 'the first result is out before the run ends');
  });

  it('reports unreadable and skipped files as notifications, and files outside the root by absolute URI', async () => {
    const outside = [doc('../elsewhere/x.json', 0, [diag('mcpdesc.tool.members', 'error', 'm', '', 1, 1)])];
    const { log } = await sarif(outside);
    assert.deepEqual(log.runs[0].results[0].locations[0].physicalLocation.artifactLocation, {
      uri: 'file:///elsewhere/x.json',
    });
    const { log: sample } = await sarif();
    const notes = sample.runs[0].invocations[0].toolExecutionNotifications.map((n: Json) => n.message.text);
    assert.ok(
      notes.includes('registry/private/secret.json could not be checked: permission denied (EACCES)'),
    );
    assert.ok(notes.some((t: string) => t.startsWith('registry/huge.json was skipped')));
  });
});
