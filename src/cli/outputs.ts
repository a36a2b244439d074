// The report outputs of a validation run and of `report`: stdout (at most one format) and files, each
// driven through the Reporter interface. An output that fails is said once on stderr and dropped; the
// others still get the whole run, and the summary names what failed (exit 2). A reader of stdout that
// leaves (EPIPE: `| head`) is not a failure: stdout is dropped quietly.
import { fstatSync, statSync } from 'node:fs';
import { mkdir, realpath, stat } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { type AtomicFile, openAtomicFile } from '../atomic-file.js';
import { loadReporter, type ReporterOptions } from '../reporting/reporter-registry.js';
import type { Reporter, SummaryRecord } from '../types.js';
import type { FormatSpec } from './options.js';

export type FailedOutput = NonNullable<SummaryRecord['failedOutputs']>[number];

export interface OutputContext {
  cwd: string;
  stdout: NodeJS.WritableStream;
  /** Says one problem on stderr, in the command's voice. */
  note(message: string): void;
  /** Options every reporter gets, but the colour of stdout. */
  reporter: Pick<ReporterOptions, 'root' | 'codeFrame' | 'showSuppressed' | 'changes'>;
  /** Whether the text report on stdout is coloured. */
  stdoutColor: boolean;
  /** Called when the work can stop: no output is left to write to, or the reader of stdout left. */
  stop(): void;
}

interface Output {
  spec: FormatSpec;
  reporter: Reporter;
  /** null: stdout. */
  file: AtomicFile | null;
  failed: boolean;
}

export interface Outputs {
  /** Call every output still written; one that fails is dropped (said once, named in `failures`). */
  deliver(call: (reporter: Reporter) => void | Promise<void>): Promise<void>;
  /** The reader of stdout left (EPIPE). */
  readonly stdoutClosed: boolean;
  /** How many outputs are still written. */
  readonly live: number;
  /** What failed so far, for the summary (empty: nothing). */
  readonly failures: readonly FailedOutput[];
  /** Put the files in place (a failed one is dropped); false when any output failed, now or before. */
  commit(): Promise<boolean>;
  /** Drop every file: nothing is put in place. */
  abort(): Promise<void>;
  /** Stop listening to stdout; later EPIPEs of writes still queued are swallowed. */
  detach(): void;
}

/**
 * Where a path writes: the file it is (device and inode) when it exists, else its resolved name. Two
 * outputs with one identity would overwrite (or, on stdout, interleave) each other.
 */
async function identityOf(path: string): Promise<string> {
  const info = await stat(path).catch(() => null);
  if (info) return `inode ${info.dev}:${info.ino}`;
  const directory = await realpath(dirname(path)).catch(() => dirname(path));
  return `path ${resolve(directory, basename(path))}`;
}

/** The identity of the process's stdout, or null when it has none to compare (a test stream). */
function stdoutIdentity(stdout: NodeJS.WritableStream): string | null {
  const fd = (stdout as { fd?: unknown }).fd;
  if (typeof fd !== 'number') return null;
  try {
    const info = fstatSync(fd);
    return `inode ${info.dev}:${info.ino}`;
  } catch {
    return null;
  }
}

/** Everything written to /dev/null is gone anyway: outputs there never collide. */
function nullIdentity(): string | null {
  try {
    const info = statSync('/dev/null');
    return `inode ${info.dev}:${info.ino}`;
  } catch {
    return null;
  }
}

/**
 * Why these outputs cannot be written together (null: they can): two naming one file, or a file output
 * naming stdout while a format writes there. `others` are files the command writes besides the reports
 * (--write-baseline).
 */
export async function outputCollision(
  formats: readonly FormatSpec[],
  others: ReadonlyArray<{ label: string; path: string }>,
  cwd: string,
  stdout: NodeJS.WritableStream,
): Promise<string | null> {
  const named = [
    ...formats
      .filter((f) => f.path !== null)
      .map((f) => ({ label: `-f ${f.name}=${f.path}`, path: f.path! })),
    ...others,
  ];
  const seen = new Map<string, string>();
  const onStdout = formats.find((f) => f.path === null);
  const ignored = nullIdentity();
  const stdoutId = onStdout ? stdoutIdentity(stdout) : null;
  if (stdoutId !== null && stdoutId !== ignored) seen.set(stdoutId, `-f ${onStdout!.name} (standard output)`);
  for (const { label, path } of named) {
    const id = await identityOf(resolve(cwd, path));
    if (id === ignored) continue;
    const first = seen.get(id);
    if (first !== undefined) return `${first} and ${label} write to the same file`;
    seen.set(id, label);
  }
  return null;
}

/**
 * Open every output of `formats` (files relative to `context.cwd`). A file that cannot be opened is
 * said and ends the command before any work: the opened ones are dropped, and null is returned.
 */
export async function openOutputs(
  formats: readonly FormatSpec[],
  context: OutputContext,
): Promise<Outputs | null> {
  const outputs: Output[] = [];
  const failures: FailedOutput[] = [];
  let stdoutClosed = false;

  const fail = (output: Output, error: Error) => {
    if (output.failed) return;
    output.failed = true;
    const where = output.file === null ? 'stdout' : output.spec.path!;
    failures.push({ format: output.spec.name, path: output.spec.path, message: error.message });
    context.note(
      output.file === null
        ? `cannot write to stdout: ${error.message}`
        : `cannot write ${where}: ${error.message}`,
    );
    if (live().length === 0) context.stop();
  };
  const failStdout = (error: NodeJS.ErrnoException) => {
    const output = outputs.find((o) => o.file === null);
    if (error.code === 'EPIPE') {
      if (stdoutClosed) return;
      stdoutClosed = true;
      // The reader left: what it read was all it wanted, and nothing more is reported anywhere.
      context.stop();
      return;
    }
    if (output) fail(output, error);
  };
  const live = () => outputs.filter((o) => !o.failed && !(o.file === null && stdoutClosed));
  context.stdout.on('error', failStdout);

  for (const spec of formats) {
    const factory = (await loadReporter(spec.name))!;
    let file: AtomicFile | null = null;
    if (spec.path !== null) {
      try {
        file = await openReportFile(resolve(context.cwd, spec.path));
      } catch (error) {
        context.note(`cannot write the ${spec.name} report to ${spec.path}: ${(error as Error).message}`);
        context.stdout.off('error', failStdout);
        for (const o of outputs) await o.file?.abort();
        return null;
      }
    }
    const output: Output = { spec, reporter: null as unknown as Reporter, file, failed: false };
    file?.stream.on('error', (error: Error) => fail(output, error));
    output.reporter = factory(file?.stream ?? context.stdout, {
      color: file === null && context.stdoutColor,
      cwd: context.cwd,
      ...context.reporter,
      ...(file ? { patchOnCommit: file.patchOnCommit } : {}),
    });
    outputs.push(output);
  }

  return {
    get stdoutClosed() {
      return stdoutClosed;
    },
    get live() {
      return live().length;
    },
    get failures() {
      return failures;
    },
    async deliver(call) {
      for (const o of live()) {
        try {
          await call(o.reporter);
        } catch (error) {
          // A reporter rejects while waiting for its stream (a write failed, the pipe closed).
          if (o.file === null) failStdout(error as NodeJS.ErrnoException);
          else fail(o, error as Error);
        }
      }
    },
    async commit() {
      for (const o of outputs) {
        if (!o.file) continue;
        const failure = o.failed ? null : o.file.failure;
        if (failure) fail(o, failure);
        if (o.failed) {
          await o.file.abort();
          continue;
        }
        await o.file.commit().catch((error: Error) => fail(o, error));
      }
      return failures.length === 0;
    },
    async abort() {
      for (const o of outputs) await o.file?.abort();
    },
    detach() {
      context.stdout.off('error', failStdout);
      // Keep swallowing late EPIPEs from writes still queued in the stream.
      if (stdoutClosed) context.stdout.on('error', () => undefined);
    },
  };
}

/**
 * A report file, its missing parent folders created first (`-f sarif=reports/x.sarif` in a fresh
 * clone). A failure names the report's own path, never the temporary file beside it.
 */
async function openReportFile(target: string): Promise<AtomicFile> {
  try {
    await mkdir(dirname(target), { recursive: true });
  } catch (error) {
    throw new Error(`cannot create its folder: ${(error as Error).message}`, { cause: error });
  }
  try {
    return await openAtomicFile(target);
  } catch (error) {
    // The temporary file is written beside the report; its name means nothing to the user.
    const e = error as NodeJS.ErrnoException;
    const temporary = typeof e.path === 'string' && e.path !== target && dirname(e.path) === dirname(target);
    throw temporary ? new Error(e.message.replaceAll(e.path!, target), { cause: error }) : error;
  }
}
