// Inputs (files, directories, globs with `!` negation, `-`) → the sorted, de-duplicated list of files
// to check. Only paths and sizes are gathered here; nothing is read or parsed.
import { stat } from 'node:fs/promises';
import { isAbsolute, normalize, relative, resolve, sep } from 'node:path';
import type { Ignore } from 'ignore';
import type { FileJob } from '../types.js';
import { aliasOf, walkFs } from './walk-fs.js';

/** The extensions a directory is searched for (each also gzip-compressed). */
export const INPUT_EXTENSIONS = ['json', 'yaml', 'yml', 'jsonl', 'ndjson'] as const;

/** Name reported for standard input. */
export const STDIN_NAME = '<stdin>';

export interface DiscoveredFile {
  /** The name reported in records: cwd-relative as given (absolute when given absolute), '/'-separated. */
  file: string;
  /** What the worker opens. */
  path: string;
  /** Bytes; -1 until known (directory and glob results are stat'ed later, see sizes.ts). */
  size: number;
  /** Set when the input cannot be checked at all (a named file that does not exist...). */
  error?: { code: string; message: string };
  stdin?: boolean;
  /** Not a regular file (only a path named explicitly can be one: walks and globs list regular files). */
  special?: 'fifo' | 'device';
}

/** The job a worker gets for input `index` (the CLI and the API plan alike). */
export function jobOf(f: DiscoveredFile, index: number): FileJob {
  return {
    index,
    path: f.path,
    file: f.file,
    size: Math.max(0, f.size),
    ...(f.special ? { special: f.special } : {}),
  };
}

export interface DiscoverOptions {
  cwd: string;
  /** Literal paths from --files-from (files or directories; never globs). */
  filesFrom?: readonly string[];
  /** The bytes of the --files-from paths that are not UTF-8, by their escaped name (files-from.ts). */
  rawNames?: ReadonlyMap<string, Buffer>;
  /** gitignore-style rules for files found through directories and globs (not for files named explicitly). */
  ignore?: Ignore | null;
  /** The reported name of `-` (`--stdin-filename`); STDIN_NAME when absent. */
  stdinName?: string;
}

export interface DiscoveryResult {
  files: DiscoveredFile[];
  /** Globs and directories that contributed no file (for a stderr note). */
  unmatched: string[];
}

const DIRECTORY_GLOB = `**/*.{${INPUT_EXTENSIONS.flatMap((e) => [e, `${e}.gz`]).join(',')}}`;
const FILES_FROM_CHUNK = 256;

/** Never descended into when a directory is given (ESLint's defaults); a glob can still name them. */
const DIRECTORY_SKIP = ['**/node_modules/**', '**/.git/**'];

type FastGlob = typeof import('fast-glob');
let fastGlob: Promise<FastGlob> | null = null;
/** fast-glob is slow to load; a run over named files never needs it, and one file must start fast. */
function loadFastGlob(): Promise<FastGlob> {
  fastGlob ??= import('fast-glob').then((m) => m.default);
  return fastGlob;
}

/** Cheap check for glob syntax, so a missing plain file name never loads fast-glob. */
function looksLikeGlob(p: string): boolean {
  return /[*?[\]{}()!+@]/.test(p);
}

function display(p: string): string {
  const n = normalize(p);
  return sep === '/' ? n : n.split(sep).join('/');
}

function ignored(ig: Ignore | null | undefined, file: string): boolean {
  // `ignore` only understands paths below its root (the cwd); anything outside is never ignored.
  if (!ig || isAbsolute(file) || file === '..' || file.startsWith('../')) return false;
  return ig.ignores(file);
}

function errorOf(error: unknown): { code: string; message: string } {
  const e = error as NodeJS.ErrnoException;
  return { code: e.code ?? 'EIO', message: e.message };
}

export async function discover(
  patterns: readonly string[],
  options: DiscoverOptions,
): Promise<DiscoveryResult> {
  const { cwd } = options;
  const negatives = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  const found = new Map<string, DiscoveredFile>();
  const unmatched: string[] = [];
  const add = (entry: DiscoveredFile) => {
    const key = entry.stdin ? '\0stdin' : resolve(cwd, entry.path);
    if (!found.has(key)) found.set(key, entry);
  };

  const expand = async (label: string, globs: string[], extraIgnore: string[]) => {
    const fg = await loadFastGlob();
    const walk = walkFs();
    // Streamed, and without stat calls: only {file, path} is kept per file (sizes come later, lazily),
    // which matters for listings of a million files.
    const entries = fg.stream(globs, {
      cwd,
      ignore: [...negatives, ...extraIgnore],
      onlyFiles: false,
      objectMode: true,
      dot: true,
      // Symbolic links to directories are not descended into (a link cycle would list the same files
      // again and again until ELOOP); links to files are checked, as their target (stat follows links).
      followSymbolicLinks: false,
      // An unreadable subdirectory must not abort the whole run: it gets a record of its own below.
      suppressErrors: true,
      // Names read as bytes (one that is not UTF-8 is escaped); unreadable directories noted.
      fs: { readdir: walk.readdir as never },
    });
    let count = 0;
    for await (const raw of entries) {
      const entry = raw as unknown as { path: string; dirent: import('node:fs').Dirent };
      if (entry.dirent.isDirectory()) continue;
      const file = display(entry.path);
      if (ignored(options.ignore, file)) continue;
      const bytes = walk.rawPath(resolve(cwd, entry.path));
      const path = bytes === undefined ? resolve(cwd, file) : aliasOf(bytes, file);
      if (entry.dirent.isSymbolicLink()) {
        const target = await stat(path).catch(() => null);
        if (!target?.isFile()) continue;
      } else if (!entry.dirent.isFile()) {
        continue;
      }
      add({ file, path, size: -1 });
      count++;
    }
    // A part of the tree that could not be read is an input that could not be checked (exit 2), not a
    // silence: its files may be the ones that fail.
    for (const { path, error } of walk.unreadable) {
      const file = display(isAbsolute(globs[0]!) ? path : relative(cwd, path) || '.');
      if (ignored(options.ignore, file) || ignored(options.ignore, `${file}/`)) continue;
      add({ file, path, size: 0, error: errorOf(error) });
      count++;
    }
    if (count === 0) unmatched.push(label);
  };

  /** The absolute bytes of a listed path that is not UTF-8 (undefined for any other). */
  const rawOf = (given: string): Buffer | undefined => {
    const bytes = options.rawNames?.get(given);
    if (bytes === undefined) return undefined;
    return isAbsolute(given) ? bytes : Buffer.concat([Buffer.from(`${resolve(cwd)}/`), bytes]);
  };
  const statOf = (given: string) =>
    stat(rawOf(given) ?? resolve(cwd, given)).then(
      (st) => ({ st, error: null }),
      (error: unknown) => ({ st: null, error }),
    );

  const literal = async (given: string, allowGlob: boolean, known?: Awaited<ReturnType<typeof statOf>>) => {
    if (given === '-') {
      add({ file: options.stdinName ?? STDIN_NAME, path: '-', size: 0, stdin: true });
      return;
    }
    const bytes = rawOf(given);
    const path = resolve(cwd, given);
    const { st, error } = known ?? (await statOf(given));
    if (st?.isDirectory() && bytes !== undefined) {
      const message = `${display(given)}: a directory whose name is not UTF-8 is searched only through a parent directory`;
      add({ file: display(given), path, size: 0, error: { code: 'EILSEQ', message } });
    } else if (st?.isDirectory()) {
      const fg = await loadFastGlob();
      const base = fg.escapePath(display(given).replace(/\/+$/, '') || '.');
      await expand(given, [`${base}/${DIRECTORY_GLOB}`], DIRECTORY_SKIP);
    } else if (st) {
      const special = st.isFIFO()
        ? ('fifo' as const)
        : st.isCharacterDevice() || st.isBlockDevice()
          ? ('device' as const)
          : null;
      // A name that is not UTF-8 is opened through an alias, by its bytes.
      const opened = bytes === undefined ? path : aliasOf(bytes, given);
      add({ file: display(given), path: opened, size: st.size, ...(special ? { special } : {}) });
    } else if (allowGlob && looksLikeGlob(given) && (await loadFastGlob()).isDynamicPattern(given)) {
      await expand(given, [given], []);
    } else {
      add({ file: display(given), path, size: 0, error: errorOf(error) });
    }
  };

  for (const pattern of patterns) {
    if (!pattern.startsWith('!')) await literal(pattern, true);
  }
  // A --files-from list can hold a million paths (find -print0): stat them in parallel chunks, then
  // handle them in list order.
  const list = options.filesFrom ?? [];
  for (let start = 0; start < list.length; start += FILES_FROM_CHUNK) {
    const chunk = list.slice(start, start + FILES_FROM_CHUNK);
    const stats = await Promise.all(chunk.map((p) => (p === '-' ? null : statOf(p))));
    for (let i = 0; i < chunk.length; i++) await literal(chunk[i]!, false, stats[i] ?? undefined);
  }

  const files = [...found.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { files, unmatched };
}
