// Paths the report commands open: relative to main()'s working directory.

import { resolve } from 'node:path';

/**
 * `path` as a command opens it: resolved against `cwd` when that is not the process's own directory;
 * otherwise as given, so that messages name it as the user wrote it.
 */
export function asGiven(cwd: string, path: string): string {
  return cwd === process.cwd() ? path : resolve(cwd, path);
}
