// Report formats by name (vitest's ReportersMap). A factory gets the stream to write to and the
// presentation options; the CLI decides which stream (stdout, or a file for `--format name=path`).
import type { Reporter } from '../types.js';
import { createNdjsonReporter } from './ndjson.js';
import { createTextReporter } from './text.js';

export interface ReporterOptions {
  /** ANSI colours allowed (a TTY, NO_COLOR unset). */
  color: boolean;
  /** Directory the reported file names are relative to. */
  cwd: string;
  /** For reports written to a file: overwrite reserved bytes just before the file is committed (JUnit totals). */
  patchOnCommit?: (position: number, text: string) => void;
}

export type ReporterFactory = (out: NodeJS.WritableStream, options: ReporterOptions) => Reporter;

export const REPORTERS: Readonly<Record<string, ReporterFactory>> = {
  ndjson: (out) => createNdjsonReporter(out),
  text: (out, options) => createTextReporter(out, options),
};

export function reporterNames(): string[] {
  return Object.keys(REPORTERS).sort();
}

export function findReporter(name: string): ReporterFactory | undefined {
  return Object.hasOwn(REPORTERS, name) ? REPORTERS[name] : undefined;
}
