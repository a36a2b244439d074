// The file system fast-glob walks through, for two things its own cannot do:
//
// - say which directories it could not read. fast-glob only suppresses such errors (or aborts the
//   walk on the first), so an unreadable directory or one below PATH_MAX's reach vanished from the
//   run without a word; here each is kept, for a record of its own.
// - see names that are not UTF-8. Node decodes a name's bytes as UTF-8, replacing what is not with
//   U+FFFD, and that name opens nothing (ENOENT). Directories are read as bytes instead: a name that is
//   not UTF-8 is shown to fast-glob (and reported) escaped, invalid bytes as `\xNN` and `\` as `\\`,
//   and its bytes are kept so the file can be opened (through an alias, see `aliasOf`).
import { type Dirent, mkdtempSync, readdir, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

const SLASH = Buffer.from('/');

type Callback = (error: NodeJS.ErrnoException | null, entries?: unknown[]) => void;

export interface WalkFs {
  /** fast-glob's `fs` option. */
  readonly readdir: (path: string, options: unknown, callback?: Callback) => void;
  /** Directories that could not be read: their path (absolute, as walked) and why. */
  readonly unreadable: Array<{ path: string; error: NodeJS.ErrnoException }>;
  /** The bytes of the absolute path `path` when a name on it is not UTF-8 (else undefined). */
  rawPath(path: string): Buffer | undefined;
}

/** `bytes` as text: valid UTF-8 as it is; else each invalid byte as `\xNN`, and `\` as `\\`. */
export function escapeName(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  if (Buffer.from(text, 'utf8').equals(bytes)) return text;
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const c = bytes[i]!;
    const length =
      c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    const sequence = length > 0 ? bytes.subarray(i, i + length) : null;
    const decoded = sequence?.length === length ? sequence.toString('utf8') : null;
    if (decoded !== null && Buffer.from(decoded, 'utf8').equals(sequence!)) {
      out += decoded === '\\' ? '\\\\' : decoded;
      i += length;
    } else {
      out += `\\x${c.toString(16).padStart(2, '0')}`;
      i++;
    }
  }
  return out;
}

/** A Dirent under another name (fast-glob reads `name` and the `is…()` tests). */
function renamed(entry: Dirent<Buffer>, name: string): Dirent {
  return {
    name,
    parentPath: '',
    path: '',
    isFile: () => entry.isFile(),
    isDirectory: () => entry.isDirectory(),
    isSymbolicLink: () => entry.isSymbolicLink(),
    isBlockDevice: () => entry.isBlockDevice(),
    isCharacterDevice: () => entry.isCharacterDevice(),
    isFIFO: () => entry.isFIFO(),
    isSocket: () => entry.isSocket(),
  } as unknown as Dirent;
}

export function walkFs(): WalkFs {
  const unreadable: WalkFs['unreadable'] = [];
  // Absolute path as walked (escaped) → its bytes, for every entry at or below a name that is not UTF-8.
  const raw = new Map<string, Buffer>();
  return {
    unreadable,
    rawPath: (path) => raw.get(path),
    readdir(path, options, callback) {
      const done = (typeof options === 'function' ? options : callback) as Callback;
      const withTypes = typeof options === 'object' && options !== null && 'withFileTypes' in options;
      const bytes = raw.get(path);
      readdir(bytes ?? path, { withFileTypes: true, encoding: 'buffer' }, (error, entries) => {
        if (error) {
          // A directory removed since its parent was read is no part of the tree any more.
          if (error.code !== 'ENOENT') unreadable.push({ path, error });
          done(error);
          return;
        }
        const listed = entries.map((entry) => {
          const name = escapeName(entry.name);
          // A name that is not UTF-8, or any name below one: its bytes open it, its text does not.
          if (bytes !== undefined || !Buffer.from(name, 'utf8').equals(entry.name)) {
            raw.set(join(path, name), Buffer.concat([bytes ?? Buffer.from(path), SLASH, entry.name]));
          }
          return withTypes ? renamed(entry, name) : name;
        });
        done(null, listed);
      });
    },
  };
}

let aliases: string | null = null;
/** One alias per file (by its bytes), so a file found twice is one input. */
const aliased = new Map<string, string>();

/**
 * A path that opens the file whose absolute path is `bytes`: a symbolic link to it, named after
 * `escaped` (so its extension still says the format), in a directory removed when the process exits.
 */
export function aliasOf(bytes: Buffer, escaped: string): string {
  const known = aliased.get(bytes.toString('latin1'));
  if (known !== undefined) return known;
  if (aliases === null) {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-names-'));
    aliases = dir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  const alias = join(aliases, `${aliased.size}-${basename(escaped).replace(/[^\w.-]/g, '_')}`);
  symlinkSync(bytes, alias);
  aliased.set(bytes.toString('latin1'), alias);
  return alias;
}
