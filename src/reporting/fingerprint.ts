// The stable identity of a finding in the formats that track findings across runs (SARIF's
// partialFingerprints, GitLab Code Quality's fingerprint): sha256 of the file, the JSON Lines line,
// the rule and the JSON pointer, never the line of the finding itself, so reformatting a document or
// editing above a defect keeps its alerts. Both formats use this one function, so one finding has the
// same fingerprint in both.
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';

/**
 * The URI of a repository-relative path as SARIF writes it: each segment percent-encoded (spaces, '#',
 * '%'...) with '/' kept; an absolute path (outside the repository) as a file: URL.
 */
export function artifactUri(path: string): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return path.startsWith('/') ? pathToFileURL(path).href : encoded;
}

/**
 * Fingerprints of one document's findings: `uri` (artifactUri), the document's line in a JSON Lines
 * file (undefined for a whole file). Call in the order the findings are listed: the same file, rule
 * and pointer twice (a rule reporting one place twice) must not share a fingerprint, so a repeat is
 * numbered.
 */
export function documentFingerprints(
  uri: string,
  documentLine: number | undefined,
): (ruleId: string, pointer: string) => string {
  const occurrences = new Map<string, number>();
  return (ruleId, pointer) => {
    const key = `${uri}\u0000${documentLine ?? ''}\u0000${ruleId}\u0000${pointer}`;
    const seen = occurrences.get(key) ?? 0;
    occurrences.set(key, seen + 1);
    return createHash('sha256')
      .update(seen === 0 ? key : `${key}\u0000${seen}`)
      .digest('hex');
  };
}
