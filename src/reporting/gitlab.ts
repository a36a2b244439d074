// GitLab Code Quality (the Code Climate subset GitLab reads, docs "Code Quality" → "Code Quality report
// format"): one JSON array of issues, `{description, check_name, fingerprint, severity, location: {path,
// lines: {begin}}}`. GitLab compares the fingerprints of a merge request's report with its target
// branch's to show what is new and what was fixed, so the fingerprint is the one SARIF writes for the
// same finding (fingerprint.ts: file, JSON Lines line, rule, pointer; never the finding's line).
//
// Severities: GitLab has info, minor, major, critical and blocker. error → major, warning → minor,
// info → info: "critical" and "blocker" are kept for what a project's own tooling ranks above a
// document that breaks the specification (and ESLint's GitLab formatters map errors to major too).
//
// Streamed: `[` at the start, one issue per line as documents arrive, `]` at the end.
import {
  BAIL_SKIP_CODE,
  type DocumentResult,
  type LocatedDiagnostic,
  type Reporter,
  type Severity,
} from '../types.js';
import { artifactUri, documentFingerprints } from './fingerprint.js';
import { inputError, type PathOptions, repoRelative, writeChunk } from './output.js';

export type GitlabSeverity = 'info' | 'minor' | 'major' | 'critical' | 'blocker';

export const GITLAB_SEVERITY: Readonly<Record<Severity, GitlabSeverity>> = {
  error: 'major',
  warning: 'minor',
  info: 'info',
};

/** check_name of the issue raised for a file that could not be checked (it has no rule). */
export const FILE_CHECK = 'mcpdesc-validate';

interface Issue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: GitlabSeverity;
  location: { path: string; lines: { begin: number; end?: number } };
}

function linesOf(d: LocatedDiagnostic, documentLine: number | undefined): Issue['location']['lines'] {
  // GitLab needs a line: an unplaced finding points at its document's first line (as SARIF does).
  const begin = d.line ?? documentLine ?? 1;
  // A later version's end position passes through when the record carries one.
  const end = (d as { endLine?: unknown }).endLine;
  return typeof end === 'number' && d.line !== undefined && end > begin ? { begin, end } : { begin };
}

export function createGitlabReporter(out: NodeJS.WritableStream, options: PathOptions = {}): Reporter {
  let written = 0;
  return {
    async onStart() {
      await writeChunk(out, '[');
    },

    async onDocument(result: DocumentResult) {
      // Repository-relative, '/'-separated, as GitLab matches issues to the diff; the fingerprint is
      // taken over SARIF's URI of the same path, so the two formats agree.
      const path = repoRelative(result.file, options);
      const fingerprintOf = documentFingerprints(artifactUri(path), result.line);
      let chunk = '';
      const add = (issue: Issue) => {
        chunk += `${written === 0 ? '\n' : ',\n'}${JSON.stringify(issue)}`;
        written++;
      };
      for (const d of result.diagnostics) {
        add({
          // --baseline: still an issue (it is still wrong), but said to be an accepted one.
          description: d.suppressed ? `${d.message} (in baseline)` : d.message,
          check_name: d.ruleId,
          fingerprint: fingerprintOf(d.ruleId, d.pointer),
          severity: GITLAB_SEVERITY[d.severity],
          location: { path, lines: linesOf(d, result.line) },
        });
      }
      // Not the files --bail left (as text, GitHub and SARIF): the failure that stopped the run is an
      // issue already, and one per unchecked file would show in the merge request as that many new
      // issues, all "fixed" by the next full run.
      if (
        result.diagnostics.length === 0 &&
        (result.status === 'error' || result.status === 'skipped') &&
        result.error?.code !== BAIL_SKIP_CODE
      ) {
        // Not a rule finding, but a file nobody checked must show in the merge request.
        const reason = inputError(result.error);
        add({
          description:
            result.status === 'error' ? `Could not check the file: ${reason}` : `Skipped: ${reason}`,
          check_name: FILE_CHECK,
          fingerprint: fingerprintOf(FILE_CHECK, ''),
          severity: result.status === 'error' ? 'major' : 'minor',
          location: { path, lines: { begin: result.line ?? 1 } },
        });
      }
      await writeChunk(out, chunk);
    },

    async onEnd() {
      await writeChunk(out, written > 0 ? '\n]\n' : ']\n');
    },
  };
}
