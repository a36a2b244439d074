// A report written to a file (`--format name=path`) goes to a temporary sibling first and is renamed into
// place when the run ends, so a reader never sees half a report. (The reporters work has a fuller
// version with byte patching for JUnit, src/reporting/atomic-file.ts; this is the CLI's minimal one.)
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface ReportFile {
  readonly path: string;
  readonly stream: WriteStream;
  /** Finish writing and rename into place. */
  commit(): Promise<void>;
  /** Drop the temporary file, leaving any previous report untouched. */
  abort(): Promise<void>;
}

/** Rejects (ENOENT, EACCES...) before the run starts when the file cannot be created. */
export async function openReportFile(path: string): Promise<ReportFile> {
  const tempPath = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  const stream = createWriteStream(tempPath);
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => {
      stream.off('error', reject);
      resolve();
    });
    stream.once('error', reject);
  });
  const closed = () =>
    new Promise<void>((resolve, reject) => {
      if (stream.closed) return resolve();
      stream.once('close', resolve);
      stream.once('error', reject);
      stream.end();
    });
  return {
    path,
    stream,
    async commit() {
      await closed();
      await rename(tempPath, path);
    },
    async abort() {
      await closed().catch(() => undefined);
      await unlink(tempPath).catch(() => undefined);
    },
  };
}
