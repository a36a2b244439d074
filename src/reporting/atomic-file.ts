// Report files are written to a temporary sibling and renamed into place when the run ends, so a
// reader (a CI upload step, a dashboard polling the path) never sees half a report, and a report that
// failed to write leaves the previous one untouched. An interrupted run still puts its report in place:
// what finished, closed by a summary that says `aborted: true`, as stdout gets it. The rename is atomic
// on one file system, which is why the temporary file lives in the same directory as the target.
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { lstat, open, realpath, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface AtomicFile {
  /** The final path. */
  readonly path: string;
  /** The temporary path being written. */
  readonly tempPath: string;
  /** Write the report here. */
  readonly stream: WriteStream;
  /**
   * Overwrite `text` at byte `position` once everything is written, before the rename. The bytes
   * there must have been reserved (JUnit reserves room for totals it only knows at the end).
   */
  patchOnCommit(position: number, text: string): void;
  /** Finish writing, apply patches, rename into place. */
  commit(): Promise<void>;
  /** Drop the temporary file; the target is left as it was. */
  abort(): Promise<void>;
}

/** Open a temporary sibling of `path` for writing; rejects (EACCES, ENOENT...) before anything is written. */
export async function openAtomicFile(path: string): Promise<AtomicFile> {
  // The rename at commit would fail on a directory, but only after the summary had gone out saying
  // the run succeeded: refuse it now, while the failure is still a usage error with nothing written.
  const existing = await stat(path).catch(() => null);
  if (existing?.isDirectory()) {
    throw Object.assign(new Error(`EISDIR: ${path} is a directory, expected a file path`), {
      code: 'EISDIR',
    });
  }
  // A device, named pipe or socket (`=/dev/null`, `=/dev/stderr`, a FIFO) is written in place: a rename
  // over it replaced the node itself with a regular file (as root, /dev/null), and it is no file a
  // reader could see half written anyway.
  if (existing && !existing.isFile()) return openInPlace(path);
  // Through a symbolic link to a file: the rename lands on its target, so the link stays a link.
  const target = (await lstat(path).catch(() => null))?.isSymbolicLink() ? await realpath(path) : path;
  const tempPath = join(
    dirname(target),
    `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  // 'wx': never clobber an existing file that happens to carry the temporary name.
  const stream = createWriteStream(tempPath, { flags: 'wx' });
  await new Promise<void>((resolveOpen, reject) => {
    stream.once('open', () => {
      stream.removeListener('error', reject);
      resolveOpen();
    });
    stream.once('error', reject);
  });
  const patches: Array<{ position: number; bytes: Buffer }> = [];
  let settled = false;

  const finished = () =>
    new Promise<void>((resolveClose, reject) => {
      if (stream.closed) {
        resolveClose();
        return;
      }
      stream.once('close', resolveClose);
      stream.once('error', reject);
      stream.end();
    });

  return {
    path,
    tempPath,
    stream,
    patchOnCommit(position, text) {
      patches.push({ position, bytes: Buffer.from(text, 'utf8') });
    },
    async commit() {
      if (settled) return;
      settled = true;
      try {
        await finished();
        if (patches.length > 0) {
          const handle = await open(tempPath, 'r+');
          try {
            for (const { position, bytes } of patches) await handle.write(bytes, 0, bytes.length, position);
          } finally {
            await handle.close();
          }
        }
        await rename(tempPath, target);
      } catch (error) {
        await unlink(tempPath).catch(() => undefined);
        throw error;
      }
    },
    async abort() {
      if (settled) return;
      settled = true;
      stream.destroy();
      await new Promise<void>((resolveClose) => {
        if (stream.closed) resolveClose();
        else stream.once('close', () => resolveClose());
      });
      await unlink(tempPath).catch(() => undefined);
    },
  };
}

/** A target that is not a regular file, written directly (no temporary file, no rename). */
async function openInPlace(path: string): Promise<AtomicFile> {
  const stream = createWriteStream(path, { flags: 'w' });
  await new Promise<void>((resolveOpen, reject) => {
    stream.once('open', () => {
      stream.removeListener('error', reject);
      resolveOpen();
    });
    stream.once('error', reject);
  });
  let settled = false;
  return {
    path,
    tempPath: path,
    stream,
    // A pipe or a device cannot be written at a position: JUnit's totals stay in its reserved blanks.
    patchOnCommit() {},
    async commit() {
      if (settled) return;
      settled = true;
      await new Promise<void>((resolveClose, reject) => {
        if (stream.closed) return resolveClose();
        stream.once('close', resolveClose);
        stream.once('error', reject);
        stream.end();
      });
    },
    async abort() {
      if (settled) return;
      settled = true;
      await new Promise<void>((resolveClose) => {
        if (stream.closed) return resolveClose();
        stream.once('close', () => resolveClose());
        stream.end();
      });
    },
  };
}
