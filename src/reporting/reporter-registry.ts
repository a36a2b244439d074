// Report formats by name (vitest's ReportersMap). A factory gets the stream to write to and the
// presentation options; the CLI decides which stream (stdout, or a file for `--format name=path`).
import type { Reporter } from '../types.js';
import type { PageChanges } from './html-static.js';

export interface ReporterOptions {
  /** ANSI colours allowed (stdout: --color/--no-color, FORCE_COLOR, NO_COLOR, else a TTY). */
  color: boolean;
  /** Directory the reported file names are relative to. */
  cwd: string;
  /** Repository root that SARIF, GitHub and GitLab paths are made relative to. */
  root: string;
  /** Text and HTML: show the offending lines under each finding. */
  codeFrame: boolean;
  /** HTML: what changed since the baseline or a compared run, asked for at the end. */
  changes?: () => PageChanges | undefined;
  /** For reports written to a file: overwrite reserved bytes just before the file is committed (JUnit totals). */
  patchOnCommit?: (position: number, text: string) => void;
}

export type ReporterFactory = (out: NodeJS.WritableStream, options: ReporterOptions) => Reporter;

// Loaded on demand: a run needs one or two formats, and loading all of them (SARIF's catalogue and
// crypto, JUnit, code frames) would weigh on every start-up, a small file's run above all.
const LOADERS: Readonly<Record<string, () => Promise<ReporterFactory>>> = {
  ndjson: async () => {
    const { createNdjsonReporter } = await import('./ndjson.js');
    return (out) => createNdjsonReporter(out);
  },
  text: async () => {
    const { createTextReporter } = await import('./text.js');
    return (out, o) => createTextReporter(out, { color: o.color, codeFrame: o.codeFrame, cwd: o.cwd });
  },
  sarif: async () => {
    const { createSarifReporter } = await import('./sarif.js');
    return (out, o) => createSarifReporter(out, { cwd: o.cwd, root: o.root });
  },
  github: async () => {
    const { createGithubReporter } = await import('./github.js');
    return (out, o) => createGithubReporter(out, { cwd: o.cwd, root: o.root });
  },
  gitlab: async () => {
    const { createGitlabReporter } = await import('./gitlab.js');
    return (out, o) => createGitlabReporter(out, { cwd: o.cwd, root: o.root });
  },
  junit: async () => {
    const { createJunitReporter } = await import('./junit.js');
    return (out, o) => createJunitReporter(out, o.patchOnCommit ? { patchOnCommit: o.patchOnCommit } : {});
  },
  html: async () => {
    const { createHtmlReporter } = await import('./html.js');
    return (out, o) =>
      createHtmlReporter(out, {
        cwd: o.cwd,
        codeFrame: o.codeFrame,
        ...(o.changes ? { changes: o.changes } : {}),
      });
  },
  json: async () => {
    const { createJsonReporter } = await import('./json.js');
    return (out) => createJsonReporter(out);
  },
};

export function reporterNames(): string[] {
  return Object.keys(LOADERS).sort();
}

/** The factory of a format, or undefined for an unknown name. */
export async function loadReporter(name: string): Promise<ReporterFactory | undefined> {
  return Object.hasOwn(LOADERS, name) ? LOADERS[name]!() : undefined;
}
