import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createGitlabReporter, FILE_CHECK } from '../../../src/reporting/gitlab.js';
import { createSarifReporter, FINGERPRINT_KEY } from '../../../src/reporting/sarif.js';
import type { DocumentResult } from '../../../src/types.js';
import { assertGolden, diag, doc, memoryStream, runReporter, SAMPLE_DOCUMENTS } from './sample-results.js';

interface Issue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: string;
  location: { path: string; lines: { begin: number; end?: number } };
}

async function render(documents: readonly DocumentResult[] = SAMPLE_DOCUMENTS) {
  const sink = memoryStream();
  await runReporter(createGitlabReporter(sink.stream, { cwd: '/repo/sub', root: '/repo' }), documents);
  return { text: sink.text(), writes: sink.writes() };
}

describe('gitlab reporter (Code Quality)', () => {
  it('matches the golden output', async () => {
    assertGolden('gitlab.json', (await render()).text, assert.equal);
  });

  it('writes one JSON array of issues with exactly the fields GitLab reads', async () => {
    const issues = JSON.parse((await render()).text) as Issue[];
    // Every listed diagnostic, plus one issue per file that could not be checked and has none.
    const listed = SAMPLE_DOCUMENTS.reduce((n, d) => n + d.diagnostics.length, 0);
    const unchecked = SAMPLE_DOCUMENTS.filter(
      (d) => d.diagnostics.length === 0 && (d.status === 'error' || d.status === 'skipped'),
    ).length;
    assert.equal(issues.length, listed + unchecked);
    for (const issue of issues) {
      assert.deepEqual(Object.keys(issue), [
        'description',
        'check_name',
        'fingerprint',
        'severity',
        'location',
      ]);
      assert.match(issue.fingerprint, /^[0-9a-f]{64}$/);
      assert.ok(['info', 'minor', 'major'].includes(issue.severity), issue.severity);
      assert.ok(Number.isInteger(issue.location.lines.begin) && issue.location.lines.begin >= 1);
      // Repository-relative: the reporter runs in /repo/sub, the repository is /repo.
      assert.match(issue.location.path, /^sub\/registry\//);
    }
    assert.equal(new Set(issues.map((i) => i.fingerprint)).size, issues.length, 'fingerprints are unique');
  });

  it('maps error → major, warning → minor, info → info; 1-based lines, line 1 when unplaced', async () => {
    const issues = JSON.parse(
      (
        await render([
          doc('a.json', 0, [
            diag('mcpdesc.tool.members', 'error', 'e', '/tools/0', 7, 3),
            diag('mcpdesc.tool.name-format', 'warning', 'w', '/tools/0/name', 8, 5),
            diag('mcpdesc.root.primitives-nonempty', 'info', 'i', ''),
          ]),
          // A JSON Lines document: an unplaced finding points at the document's line.
          doc('d.jsonl', 1, [diag('mcpdesc.root.primitives-nonempty', 'info', 'i', '')], { line: 4 }),
        ])
      ).text,
    ) as Issue[];
    assert.deepEqual(
      issues.map((i) => [i.check_name, i.severity, i.location.lines.begin]),
      [
        ['mcpdesc.tool.members', 'major', 7],
        ['mcpdesc.tool.name-format', 'minor', 8],
        ['mcpdesc.root.primitives-nonempty', 'info', 1],
        ['mcpdesc.root.primitives-nonempty', 'info', 4],
      ],
    );
  });

  it("gives each finding SARIF's partialFingerprint, so the two formats agree on identity", async () => {
    const gitlab = JSON.parse((await render()).text) as Issue[];
    const sink = memoryStream();
    await runReporter(
      createSarifReporter(sink.stream, { cwd: '/repo/sub', root: '/repo' }),
      SAMPLE_DOCUMENTS,
    );
    const sarif = JSON.parse(sink.text()).runs[0].results as Array<{
      partialFingerprints: Record<string, string>;
    }>;
    const ofRules = gitlab.filter((i) => i.check_name !== FILE_CHECK).map((i) => i.fingerprint);
    assert.ok(ofRules.length > 0);
    assert.deepEqual(
      ofRules,
      sarif.map((r) => r.partialFingerprints[FINGERPRINT_KEY]),
    );
  });

  it('keeps a fingerprint when the finding moves to another line', async () => {
    const at = (line: number) =>
      render([doc('a.json', 0, [diag('mcpdesc.tool.members', 'error', 'e', '/tools/0', line, 1)])]).then(
        (r) => (JSON.parse(r.text) as Issue[])[0]!.fingerprint,
      );
    assert.equal(await at(3), await at(30));
  });

  it('marks baselined findings in the description and lists a file that could not be checked', async () => {
    const issues = JSON.parse(
      (
        await render([
          doc('a.json', 0, [
            { ...diag('mcpdesc.tool.members', 'error', 'old', '/tools/0', 1, 1), suppressed: true },
          ]),
          doc('gone.json', 1, [], { status: 'error', error: { code: 'ENOENT', message: 'no such file' } }),
        ])
      ).text,
    ) as Issue[];
    assert.equal(issues[0]!.description, 'old (in baseline)');
    assert.deepEqual(issues[1], {
      description: 'Could not check the file: no such file (ENOENT)',
      check_name: FILE_CHECK,
      fingerprint: issues[1]!.fingerprint,
      severity: 'major',
      location: { path: 'sub/gone.json', lines: { begin: 1 } },
    });
  });

  it('streams: one write per document, and an empty run is an empty array', async () => {
    const { writes } = await render();
    assert.ok(writes >= SAMPLE_DOCUMENTS.length, `${writes} writes`);
    assert.deepEqual(JSON.parse((await render([])).text), []);
  });
});
