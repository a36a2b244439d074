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
  /** Text, stylish and HTML: show the offending lines under each finding. */
  codeFrame: boolean;
  /** Text and stylish: list the findings a --baseline covers too (hidden and counted by default). */
  showSuppressed?: boolean;
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
    return (out, o) => createTextReporter(out, humanOptions(o));
  },
  stylish: async () => {
    const { createStylishReporter } = await import('./stylish.js');
    return (out, o) => createStylishReporter(out, humanOptions(o));
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
  checkstyle: async () => {
    const { createCheckstyleReporter } = await import('./checkstyle.js');
    return (out, o) => createCheckstyleReporter(out, { cwd: o.cwd, root: o.root });
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

/**
 * Other names of a format, as other tools spell it: ESLint's `compact` and Spectral's `github-actions`
 * and `code-climate` (GitLab reads the Code Climate subset). Names are compared in lower case.
 */
const ALIASES: Readonly<Record<string, string>> = {
  compact: 'text',
  'github-actions': 'github',
  codeclimate: 'gitlab',
  'code-climate': 'gitlab',
};

/** The formats written for people to read in a terminal (colour, code frames, a closing tally). */
const HUMAN: ReadonlySet<string> = new Set(['text', 'stylish']);

function humanOptions(o: ReporterOptions) {
  return { color: o.color, codeFrame: o.codeFrame, cwd: o.cwd, showSuppressed: o.showSuppressed === true };
}

/** The formats by their own names. */
export function reporterNames(): string[] {
  return Object.keys(LOADERS).sort();
}

/** Every name a format answers to, its own and its aliases (lower case). */
export function formatNames(): string[] {
  return [...Object.keys(LOADERS), ...Object.keys(ALIASES)].sort();
}

/** The format's own name for `name` (any case, or an alias), or undefined when no format has it. */
export function canonicalFormat(name: string): string | undefined {
  // ASCII only, as the config schema's pattern matches: toLowerCase() maps the Kelvin sign to `k`.
  const lower = name.trim().replace(/[A-Z]/g, (c) => c.toLowerCase());
  if (Object.hasOwn(LOADERS, lower)) return lower;
  return Object.hasOwn(ALIASES, lower) ? ALIASES[lower] : undefined;
}

/** The names for the CLI's option parsers: each format's own name, and how any spelling resolves. */
export function formatTable(): { names: readonly string[]; canonical: (name: string) => string | undefined } {
  return { names: reporterNames(), canonical: canonicalFormat };
}

/** Whether `name` (a format's own name) is read by people: text or stylish. */
export function isHumanFormat(name: string): boolean {
  return HUMAN.has(name);
}

/** The factory of a format (its own name or an alias, any case), or undefined for an unknown name. */
export async function loadReporter(name: string): Promise<ReporterFactory | undefined> {
  const canonical = canonicalFormat(name);
  return canonical === undefined ? undefined : LOADERS[canonical]!();
}
