// The one writer of every file the tool writes: report files (-f name=path, `report`, `merge -o`),
// baselines and the cache store. A regular file is written to a temporary sibling and renamed into
// place at the end, so a reader (a CI upload step, the next run reading a baseline or the cache) never
// sees half a file, and a write that failed leaves the previous one untouched. The rename is atomic
// on one file system, which is why the temporary file lives in the target's directory.
//
// Not every path is a regular file: a device, a named pipe or a socket (`=/dev/null`, `=/dev/stderr`,
// a FIFO) is written in place, since a rename over it would replace the node itself with a regular
// file (as root, /dev/full or /dev/null); through a symbolic link the target is written and the link
// stays a link; a directory is refused before any work.
//
// A temporary file is named `.<target>.<host>-<pid>.<random>.tmp`. One left behind by a run that was
// killed is removed by the next run that writes the same target (or, for the cache, the same
// directory): when its process is gone on this host, or after a day when it came from another host.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { lstat, mkdir, open, readdir, realpath, rename, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

export interface AtomicFile {
  /** The path as given. */
  readonly path: string;
  /** The file being written: the temporary one, or the target itself when it is written in place. */
  readonly tempPath: string;
  /** Write here (a reporter's stream), or through `write`. */
  readonly stream: WriteStream;
  /** The first failure of a write, as soon as the stream reports it (null: none yet). */
  readonly failure: Error | null;
  /**
   * Overwrite `text` at byte `position` once everything is written, before the rename. The bytes
   * there must have been reserved (JUnit reserves room for totals it only knows at the end).
   */
  patchOnCommit(position: number, text: string): void;
  /** Append `text`, waiting while the stream's buffer is full; rejects once a write failed. */
  write(text: string): Promise<void>;
  /** Finish writing, apply patches, flush to disk, rename into place; rejects if any write failed. */
  commit(): Promise<void>;
  /** Drop the temporary file; the target is left as it was. */
  abort(): Promise<void>;
}

export interface AtomicFileOptions {
  /** Create the target's directory when it is missing (the cache's); else that is an error (ENOENT). */
  createDirectory?: boolean;
}

/** Open `path` for writing; rejects (EISDIR, EACCES, ENOENT...) before anything is written. */
export async function openAtomicFile(path: string, options: AtomicFileOptions = {}): Promise<AtomicFile> {
  await checkAtomicTarget(path);
  const existing = await stat(path).catch(() => null);
  if (existing && !existing.isFile()) return openInPlace(path);
  // Through a symbolic link to a file: the rename lands on its target, so the link stays a link.
  const target = (await lstat(path).catch(() => null))?.isSymbolicLink() ? await realpath(path) : path;
  if (options.createDirectory) await mkdir(dirname(target), { recursive: true });
  await removeStaleTemps(dirname(target), basename(target));
  const tempPath = join(
    dirname(target),
    `.${basename(target)}.${TEMP_OWNER}.${randomBytes(4).toString('hex')}.tmp`,
  );
  // 'wx': never clobber an existing file that happens to carry the temporary name.
  const stream = await opened(createWriteStream(tempPath, { flags: 'wx' }));
  const patches: Array<{ position: number; bytes: Buffer }> = [];
  const file = writerOf(path, tempPath, stream, async () => {
    if (patches.length > 0) {
      const handle = await open(tempPath, 'r+');
      try {
        for (const { position, bytes } of patches) await handle.write(bytes, 0, bytes.length, position);
      } finally {
        await handle.close();
      }
    }
    // On disk before the rename: a crash right after it must not leave an empty file in place.
    const handle = await open(tempPath, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tempPath, target);
  });
  return {
    ...file,
    get failure() {
      return file.failure;
    },
    patchOnCommit(position, text) {
      patches.push({ position, bytes: Buffer.from(text, 'utf8') });
    },
    async abort() {
      await file.abort();
      await unlink(tempPath).catch(() => undefined);
    },
    async commit() {
      try {
        await file.commit();
      } catch (error) {
        await unlink(tempPath).catch(() => undefined);
        throw error;
      }
    },
  };
}

/**
 * Reject a target that can never be written (a directory) before a run that writes it at its end
 * starts: afterwards the failure would come only once the work is done and the summary is out.
 */
export async function checkAtomicTarget(path: string): Promise<void> {
  const existing = await stat(path).catch(() => null);
  if (existing?.isDirectory()) {
    throw Object.assign(new Error(`EISDIR: ${path} is a directory, expected a file path`), {
      code: 'EISDIR',
    });
  }
}

/** Write `text` to `path` through the writer above. */
export async function writeFileAtomic(path: string, text: string, options: AtomicFileOptions = {}) {
  const file = await openAtomicFile(path, options);
  try {
    await file.write(text);
    await file.commit();
  } catch (error) {
    await file.abort();
    throw error;
  }
}

/** A target that is not a regular file, written directly (no temporary file, no rename). */
async function openInPlace(path: string): Promise<AtomicFile> {
  const stream = await opened(createWriteStream(path, { flags: 'w' }));
  const file = writerOf(path, path, stream, async () => undefined);
  return {
    ...file,
    get failure() {
      return file.failure;
    },
    // A pipe or a device cannot be written at a position: JUnit's totals stay in its reserved blanks.
    patchOnCommit() {},
  };
}

function opened(stream: WriteStream): Promise<WriteStream> {
  return new Promise((resolveOpen, reject) => {
    stream.once('open', () => {
      stream.removeListener('error', reject);
      resolveOpen(stream);
    });
    stream.once('error', reject);
  });
}

/** The writing, failure tracking, commit and abort common to both kinds; `install` puts the file in place. */
function writerOf(
  path: string,
  tempPath: string,
  stream: WriteStream,
  install: () => Promise<void>,
): Omit<AtomicFile, 'patchOnCommit'> {
  let failure: Error | null = null;
  let settled = false;
  // Kept from the first failure on: a stream destroyed by a failed write is `closed` before its
  // 'error' event is emitted, so the event alone could come after a commit that looked fine.
  stream.on('error', (error: Error) => {
    failure ??= error;
  });
  const failed = () => failure ?? (stream.errored as Error | null);
  const closed = () =>
    new Promise<void>((resolveClose) => {
      if (stream.closed) resolveClose();
      else stream.once('close', () => resolveClose());
    });
  return {
    path,
    tempPath,
    stream,
    get failure() {
      return failed();
    },
    write(text) {
      const error = failed();
      if (error) return Promise.reject(error);
      if (stream.write(text)) return Promise.resolve();
      return new Promise<void>((resolveDrain, reject) => {
        const done = () => {
          stream.off('drain', done);
          stream.off('close', done);
          const after = failed();
          if (after) reject(after);
          else resolveDrain();
        };
        stream.on('drain', done);
        stream.on('close', done);
      });
    },
    async commit() {
      if (settled) return;
      settled = true;
      if (!stream.closed) stream.end();
      await closed();
      const error = failed();
      if (error) throw error;
      await install();
    },
    async abort() {
      if (settled) return;
      settled = true;
      // A pipe or a device gets what was written (its reader may be waiting for the end); a temporary
      // file is dropped by the caller.
      if (tempPath === path) stream.end();
      else stream.destroy();
      await closed();
    },
  };
}

/** Who writes a temporary file: this host (hashed, names may hold anything) and this process. */
const HOST = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);
const TEMP_OWNER = `${HOST}-${process.pid}`;
const TEMP_NAME = /^\.(.+)\.([0-9a-f]{8})-(\d+)\.[0-9a-f]{8}\.tmp$/;
/** A temporary file of another host is left this long: its writer may still be at work there. */
const FOREIGN_TEMP_AGE_MS = 24 * 60 * 60 * 1000;

function processGone(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Remove the temporary files in `directory` that a killed run left behind (of the target `name`, or of
 * every target when `name` is null): never one whose writer may still be at work. Failures are ignored:
 * a leftover costs only disk space.
 */
export async function removeStaleTemps(directory: string, name: string | null): Promise<void> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return;
  }
  for (const entry of names) {
    const match = TEMP_NAME.exec(entry);
    if (!match || (name !== null && match[1] !== name)) continue;
    const path = join(directory, entry);
    if (match[2] === HOST) {
      if (!processGone(Number(match[3]))) continue;
    } else {
      const info = await stat(path).catch(() => null);
      if (info === null || Date.now() - info.mtimeMs < FOREIGN_TEMP_AGE_MS) continue;
    }
    await unlink(path).catch(() => undefined);
  }
}
