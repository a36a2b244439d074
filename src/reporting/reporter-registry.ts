// Report formats by name (vitest's ReportersMap). A factory gets the stream to write to and the
// presentation options; the CLI decides which stream (stdout, or a file for `--format name=path`).
import type { Reporter } from '../types.js';
import { createGithubReporter } from './github.js';
import { createJsonReporter } from './json.js';
import { createJunitReporter } from './junit.js';
import { createNdjsonReporter } from './ndjson.js';
import { createSarifReporter } from './sarif.js';
import { createTextReporter } from './text.js';

export interface ReporterOptions {
  /** ANSI colours allowed (a TTY, NO_COLOR unset). */
  color: boolean;
  /** Directory the reported file names are relative to. */
  cwd: string;
  /** Repository root that SARIF and GitHub paths are made relative to. */
  root: string;
  /** Text: show the offending lines under each finding. */
  codeFrame: boolean;
  /** For reports written to a file: overwrite reserved bytes just before the file is committed (JUnit totals). */
  patchOnCommit?: (position: number, text: string) => void;
}

export type ReporterFactory = (out: NodeJS.WritableStream, options: ReporterOptions) => Reporter;

export const REPORTERS: Readonly<Record<string, ReporterFactory>> = {
  ndjson: (out) => createNdjsonReporter(out),
  text: (out, o) => createTextReporter(out, { color: o.color, codeFrame: o.codeFrame, cwd: o.cwd }),
  sarif: (out, o) => createSarifReporter(out, { cwd: o.cwd, root: o.root }),
  github: (out, o) => createGithubReporter(out, { cwd: o.cwd, root: o.root }),
  junit: (out, o) => createJunitReporter(out, o.patchOnCommit ? { patchOnCommit: o.patchOnCommit } : {}),
  json: (out) => createJsonReporter(out),
};

export function reporterNames(): string[] {
  return Object.keys(REPORTERS).sort();
}

export function findReporter(name: string): ReporterFactory | undefined {
  return Object.hasOwn(REPORTERS, name) ? REPORTERS[name] : undefined;
}
