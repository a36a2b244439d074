// A finding's identity across runs: file + rule id + JSON pointer, never its line, so that editing a
// document above a finding does not make it a new one. Baselines and `compare` match findings by it.
import { createHash } from 'node:crypto';
import { normalizePath } from './shard.js';

/**
 * Hex sha256 of the finding's identity. The path is normalized (forward slashes, no `./`) so a
 * baseline written on Windows matches on Linux. Also usable as SARIF `partialFingerprints`.
 */
export function fingerprint(file: string, ruleId: string, pointer: string): string {
  return createHash('sha256')
    .update(JSON.stringify([normalizePath(file), ruleId, pointer]))
    .digest('hex');
}
