// Shared output plumbing for the reporters: backpressure-aware writes, repository-relative paths and
// terminal-safe text. Every reporter batches one document's output into one string and writes it once,
// so a run of 20,000 files costs 20,000 writes, not one per diagnostic.
import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * Write `chunk`; when the stream's buffer is full, wait for 'drain' (or for the stream to close or fail,
 * so a closed pipe never leaves the run waiting forever).
 */
export function writeChunk(out: NodeJS.WritableStream, chunk: string): Promise<void> | undefined {
  if (chunk.length === 0 || out.write(chunk)) return undefined;
  return new Promise<void>((resolveDrain, reject) => {
    const done = () => {
      out.removeListener('drain', done);
      out.removeListener('close', done);
      out.removeListener('error', fail);
      resolveDrain();
    };
    const fail = (error: unknown) => {
      out.removeListener('drain', done);
      out.removeListener('close', done);
      out.removeListener('error', fail);
      reject(error);
    };
    out.on('drain', done);
    out.on('close', done);
    out.on('error', fail);
  });
}

export interface PathOptions {
  /** Directory the reported `file` names are relative to (default: process.cwd()). */
  cwd?: string;
  /** Repository root the output paths are made relative to (default: `cwd`). */
  root?: string;
}

/**
 * A reported file name made relative to the repository root, with '/' separators and no leading './'
 * (GitHub matches annotations and SARIF results on exactly this form). Files outside the root keep
 * their absolute path, with '/' separators.
 */
export function repoRelative(file: string, options: PathOptions): string {
  const cwd = options.cwd ?? process.cwd();
  const root = options.root ?? cwd;
  const absolute = resolve(cwd, file);
  const rel = relative(root, absolute);
  const inside = rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
  const chosen = inside ? rel : absolute;
  return sep === '/' ? chosen : chosen.split(sep).join('/');
}

// C0 controls except tab, DEL and C1 controls. Document text (tool names in messages, file names) is
// untrusted: an ESC byte passed to a terminal could recolour or rewrite the screen.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;

/** Replace control characters with visible `\uXXXX` escapes (newlines included: one finding, one line). */
export function printable(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
