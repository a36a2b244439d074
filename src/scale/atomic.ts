// Files that other runs read (baselines, caches) are never seen half-written: they are written to a
// temporary file beside the target and renamed over it, which is atomic on POSIX file systems and on
// NTFS within one volume. A crash leaves at worst a stray `*.tmp` (git-ignored), never a torn file.
import { randomBytes } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface AtomicWriter {
  /** Append text; resolves when it is handed to the OS. */
  write(text: string): Promise<void>;
  /** Flush, fsync and rename over the target. */
  commit(): Promise<void>;
  /** Remove the temporary file; the target is left as it was. */
  abort(): Promise<void>;
}

/** Start writing `path` atomically (its directory is created when missing). */
export async function createAtomicWriter(path: string): Promise<AtomicWriter> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle: FileHandle = await open(temp, 'wx');
  let buffer = '';
  let closed = false;
  const flush = async () => {
    if (buffer === '') return;
    const chunk = buffer;
    buffer = '';
    await handle.write(chunk);
  };
  return {
    async write(text) {
      buffer += text;
      // 256 KiB per write call: large enough that syscalls do not matter, small enough to bound memory.
      if (buffer.length >= 262_144) await flush();
    },
    async commit() {
      try {
        await flush();
        await handle.sync();
      } finally {
        closed = true;
        await handle.close();
      }
      try {
        await rename(temp, path);
      } catch (error) {
        await unlink(temp).catch(() => {});
        throw error;
      }
    },
    async abort() {
      if (!closed) {
        closed = true;
        await handle.close().catch(() => {});
      }
      await unlink(temp).catch(() => {});
    },
  };
}

/**
 * Reject a target that can never be renamed over (a directory) before a run that writes it at its end
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

/** Write `text` to `path` atomically. */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const writer = await createAtomicWriter(path);
  try {
    await writer.write(text);
    await writer.commit();
  } catch (error) {
    await writer.abort();
    throw error;
  }
}
