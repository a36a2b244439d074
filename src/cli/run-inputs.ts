// The first steps of a validation run, before any work: the inputs listed (--files-from, the ignore
// file, the patterns), the baseline read and the baseline file opened. A problem found here refuses
// the run (exit 2) through `Refusal`; an interrupt cuts the reads short and the run goes to its end.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type AtomicFile, openAtomicFile } from '../atomic-file.js';
import { type DiscoveredFile, discover } from '../discovery/discover.js';
import { splitFileListBytes } from '../discovery/files-from.js';
import { DEFAULT_IGNORE_FILE, loadIgnore } from '../discovery/ignore-file.js';
import { inShard } from '../reports/shard.js';
import { type Baseline, loadBaseline } from '../state/baseline.js';
import type { Interrupt } from './interrupt.js';
import { outputCollision } from './outputs.js';
import type { CliIo, CliSettings } from './run.js';

/** A problem that stops the run before its work: said on stderr, exit 2. */
export class Refusal extends Error {}

/** What the steps of a run share. */
export interface RunContext {
  settings: CliSettings;
  io: CliIo;
  interrupt: Interrupt;
  /** Aborted by an interrupt, and by the outputs when none is left. */
  controller: AbortController;
  /** A signal stopped the run. */
  readonly interrupted: boolean;
  note(message: string): void;
}

export interface ListedInputs {
  /** Every matched input, before --shard. */
  all: DiscoveredFile[];
  /** The inputs of this run (its shard). */
  files: DiscoveredFile[];
  nothingMatched: boolean;
}

/** All of `stream`; an abort stops the read (what came so far is returned). */
async function readAll(stream: NodeJS.ReadableStream, signal: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stop = () => (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  signal.addEventListener('abort', stop, { once: true });
  try {
    for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  } catch (error) {
    if (!signal.aborted) throw error;
  } finally {
    signal.removeEventListener('abort', stop);
  }
  return Buffer.concat(chunks);
}

/** `read`'s result; its failure refuses the run with `what`, unless an interrupt caused it (then null). */
async function readOrRefuse<T>(ctx: RunContext, what: string, read: () => Promise<T>): Promise<T | null> {
  try {
    const value = await read();
    return ctx.interrupted ? null : value;
  } catch (error) {
    if (ctx.interrupted) return null;
    throw new Refusal(`${what}: ${(error as Error).message}`);
  }
}

/** Each input is named on its own: Node's messages do not always carry the path (EISDIR does not). */
async function readListAndIgnore(ctx: RunContext) {
  const { settings, io, interrupt } = ctx;
  let filesFrom: ReturnType<typeof splitFileListBytes> = { paths: [], raw: new Map() };
  const from = settings.filesFrom;
  if (from !== null && !ctx.interrupted) {
    const path = resolve(io.cwd, from);
    const bytes = await readOrRefuse(ctx, `cannot read --files-from ${from}`, () =>
      from === '-' ? readAll(io.stdin, interrupt.signal) : interrupt.reading([path], () => readFile(path)),
    );
    if (bytes !== null) filesFrom = splitFileListBytes(bytes, settings.nul);
  }
  let ignore: Awaited<ReturnType<typeof loadIgnore>> = null;
  if (!ctx.interrupted && settings.ignore !== false) {
    const ignoreFile = resolve(io.cwd, settings.ignorePath ?? DEFAULT_IGNORE_FILE);
    const which = settings.ignorePath !== null ? `--ignore-path ${settings.ignorePath}` : DEFAULT_IGNORE_FILE;
    ignore = await readOrRefuse(ctx, `cannot read ${which}`, () =>
      interrupt.reading([ignoreFile], () => loadIgnore(io.cwd, settings.ignorePath)),
    );
  }
  return { filesFrom, ignore };
}

export async function listInputs(ctx: RunContext): Promise<ListedInputs> {
  const { settings, io } = ctx;
  const { filesFrom, ignore } = await readListAndIgnore(ctx);
  let discovered: Awaited<ReturnType<typeof discover>> = { files: [], unmatched: [] };
  try {
    if (!ctx.interrupted) {
      discovered = await discover(settings.patterns, {
        cwd: io.cwd,
        filesFrom: filesFrom.paths,
        rawNames: filesFrom.raw,
        ignore,
        ...(settings.stdinFilename ? { stdinName: settings.stdinFilename } : {}),
      });
    }
  } catch (error) {
    throw new Refusal(`cannot list the inputs: ${(error as Error).message}`);
  }
  const problem = stdinNameProblem(settings.stdinFilename ?? null, discovered.files);
  if (problem !== null && !ctx.interrupted) throw new Refusal(problem);
  // "Nothing matched" is about the patterns, so it is decided before the shard filter: a shard that
  // holds none of the matched files is a success, not a usage error.
  const nothingMatched = discovered.files.length === 0;
  const shard = settings.shard;
  const files = shard ? discovered.files.filter((f) => inShard(f.file, shard)) : discovered.files;
  // Nothing listed under an interrupt: no input "matched nothing".
  if (!ctx.interrupted) notMatched(ctx, discovered, files.length);
  return { all: discovered.files, files, nothingMatched };
}

/**
 * Records, baselines, merge and compare all key on the name: two documents under one name would be
 * matched against each other's entries.
 */
function stdinNameProblem(stdinName: string | null, files: readonly DiscoveredFile[]): string | null {
  if (stdinName === null) return null;
  if (!files.some((f) => f.stdin)) return '--stdin-filename needs - (standard input) among the inputs';
  if (files.some((f) => !f.stdin && f.file === stdinName))
    return `--stdin-filename ${stdinName} is also the name of an input of this run; name the document from - differently`;
  return null;
}

/** Each pattern that found nothing is named; and why the run has nothing to check, when it has not. */
function notMatched(
  ctx: RunContext,
  discovered: Awaited<ReturnType<typeof discover>>,
  inShard: number,
): void {
  const { settings } = ctx;
  const nothingMatched = discovered.files.length === 0;
  if (nothingMatched && settings.allowEmpty !== true) {
    const named = [
      ...settings.patterns,
      ...(settings.filesFrom !== null ? [`--files-from ${settings.filesFrom}`] : []),
    ];
    ctx.note(`no input files matched: ${named.map((p) => JSON.stringify(p)).join(', ')}`);
    return;
  }
  for (const label of discovered.unmatched) ctx.note(`no files matched ${JSON.stringify(label)}`);
  const shard = settings.shard;
  if (nothingMatched) ctx.note('no input files matched; nothing to check (--allow-empty: exit 0)');
  else if (shard && inShard === 0) {
    ctx.note(
      `shard ${shard.index}/${shard.count} holds none of the ${discovered.files.length} matched files; nothing to check`,
    );
  }
}

export interface BaselineFiles {
  baseline: Baseline | null;
  /** `--write-baseline`, opened. */
  baselineFile: AtomicFile | null;
}

export async function openBaselines(ctx: RunContext): Promise<BaselineFiles> {
  const { settings, io, interrupt } = ctx;
  // A baseline that cannot be read stops the run (exit 2): silently suppressing nothing would fail
  // every old finding, silently suppressing everything would hide new ones.
  let baseline: Baseline | null = null;
  if (settings.baseline !== null && !ctx.interrupted) {
    const path = resolve(io.cwd, settings.baseline);
    baseline = await readOrRefuse(ctx, `cannot use --baseline ${settings.baseline}`, () =>
      interrupt.reading([path], () => loadBaseline(path)),
    );
  }
  // Two outputs in one file would overwrite each other (or interleave on stdout): refused before any work.
  const baselineTarget =
    settings.writeBaseline === null
      ? []
      : [{ label: `--write-baseline ${settings.writeBaseline}`, path: settings.writeBaseline }];
  const collision = await outputCollision(settings.formats, baselineTarget, io.cwd, io.stdout);
  if (collision !== null) throw new Refusal(`${collision}; give each output a file of its own`);
  // Opened now, through the writer every report file goes through (a device, a pipe or a link is
  // written, never replaced), so a target that cannot be written fails before the work.
  let baselineFile: AtomicFile | null = null;
  if (settings.writeBaseline !== null && !ctx.interrupted) {
    try {
      baselineFile = await openAtomicFile(resolve(io.cwd, settings.writeBaseline), { createDirectory: true });
    } catch (error) {
      throw new Refusal(`cannot write the baseline ${settings.writeBaseline}: ${(error as Error).message}`);
    }
  }
  return { baseline, baselineFile };
}
