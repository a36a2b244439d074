// The ignore file: `.mcpdescignore` in the working directory (optional), or the one --ignore-path names
// (required to exist). gitignore syntax, matched against cwd-relative paths.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Ignore } from 'ignore';

export const DEFAULT_IGNORE_FILE = '.mcpdescignore';

export async function loadIgnore(cwd: string, ignorePath: string | null): Promise<Ignore | null> {
  let text: string;
  try {
    text = await readFile(resolve(cwd, ignorePath ?? DEFAULT_IGNORE_FILE), 'utf8');
  } catch (error) {
    if (ignorePath === null && (error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  // Loaded only when there is an ignore file: loading it costs start-up time.
  const { default: ignore } = await import('ignore');
  return ignore().add(text);
}
