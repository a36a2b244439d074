// `mcpdesc-validate rules [ID] [--format text|json]`: the rule catalogue, read from the rule modules
// themselves, so the listing, `docs/rules/*.md` and the validator can never disagree. Invalid examples
// are run through the engine to show the exact messages a user will see.
import { fillWords, helpWidth, wrapHelp } from '../help-text.js';
import { TARGETS, type Target } from '../types.js';
import { docsUrl } from '../validation/docs.js';
import type { EngineOptions } from '../validation/engine.js';
import { validateDocument } from '../validation/engine.js';
import type { Rule, RuleExample } from '../validation/rule.js';
import { findRule, RULES } from '../validation/rules/index.js';
import { checkText } from '../worker/check-text.js';
import { closest } from './suggest.js';
import { usageError } from './usage.js';

/**
 * The level columns of the listing: what most published documents declare, the current release, and the
 * draft (its Tool rule as a forward check of earlier documents; a document declaring the draft gets 0.8.0's).
 */
const LISTED_TARGETS: readonly Target[] = ['0.7.0', '0.8.0', '0.9.0-rc.3'];

export interface ExampleFinding {
  pointer: string;
  severity: string;
  message: string;
}

/** The findings of `rule` on one of its examples, as the engine produces them. */
export function exampleFindings(rule: Rule, example: RuleExample): ExampleFinding[] {
  const options: EngineOptions = { target: example.target ?? null, ruleLevels: {}, maxDiagnostics: 10_000 };
  const report =
    example.text !== undefined
      ? checkText(example.text, options)
      : validateDocument(example.document, options);
  return report.diagnostics
    .filter((d) => d.ruleId === rule.id)
    .map((d) => ({ pointer: d.pointer, severity: d.severity, message: d.message }));
}

/** A rule as `rules --format json` lists it (and the library's `rules()` returns it). */
export function describeRule(rule: Rule) {
  return {
    id: rule.id,
    description: rule.description,
    specSection: rule.specSection,
    ...(rule.specSections ? { specSections: rule.specSections } : {}),
    docsUrl: docsUrl(rule.id),
    levels: rule.levels,
    scope: rule.scope ?? 'element',
    versionIndependent: rule.versionIndependent === true,
  };
}

function exampleJson(example: RuleExample) {
  return {
    description: example.description,
    ...(example.target ? { target: example.target } : {}),
    ...(example.text !== undefined ? { text: example.text } : { document: example.document }),
  };
}

const USAGE = 'Usage: mcpdesc-validate rules [options] [ID]\n';

// The same shape as the main command's and merge's --help: every argument and option, its default.
const HELP = `${USAGE}
List the rule catalogue: every rule's id, level for 0.7.0, for 0.8.0 (also documents declaring the
draft 0.9.0-rc.3) and for the 0.9.0-rc.3 forward check of earlier documents, specification section
and description. With an ID, explain that rule: its level for every version,
its documentation link, and its valid and invalid examples with the findings each invalid one gives.

Arguments:
  ID                      a rule id (e.g. mcpdesc.tool.members) to explain; omit it to list all rules

Options:
  -f, --format text|json  output format (default: text); json suits scripts (the same fields,
                          with \`levels\` for every version and \`docsUrl\`)
  -h, --help              show this help

Exit codes: 0 listed, 2 usage error or unknown rule id.
`;

/**
 * `rules`: see HELP. A failed write to `out` (a full disk, a closed pipe) ends the command: said once on
 * `err` as `cannot write to stdout` with exit 2, or quietly with exit 0 when the reader left (EPIPE).
 */
export async function runRulesCommand(
  args: string[],
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream = process.stderr,
): Promise<number> {
  // The stream's own 'error' event comes with the rejected write: this listener takes it, so the
  // process-wide one (cli/main.ts) leaves the saying to this command.
  const ignore = () => undefined;
  out.on('error', ignore);
  try {
    return await listOrExplain(args, out, err);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (!(error instanceof WriteError)) throw error;
    if (e.code === 'EPIPE') return 0;
    err.write(`mcpdesc-validate rules: cannot write to stdout: ${e.message}\n`);
    return 2;
  } finally {
    out.off('error', ignore);
  }
}

/** A write to the command's output failed (its code and message are the stream's). */
class WriteError extends Error {
  readonly code: string | undefined;
  constructor(cause: NodeJS.ErrnoException) {
    super(cause.message, { cause });
    this.code = cause.code;
  }
}

async function listOrExplain(
  args: string[],
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): Promise<number> {
  let format = 'text';
  let id: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '-h' || arg === '--help') {
      await write(out, wrapHelp(HELP, helpWidth(out)));
      return 0;
    }
    if (arg === '--format' || arg === '-f') {
      format = args[++i] ?? '';
    } else if (arg.startsWith('--format=')) {
      format = arg.slice('--format='.length);
    } else if (arg.startsWith('-')) {
      return usageError(err, `unknown option '${arg}'`, 'rules');
    } else if (id === undefined) {
      id = arg;
    } else {
      return usageError(err, `one rule id at most, got '${id}' and '${arg}'`, 'rules');
    }
  }
  if (format !== 'text' && format !== 'json') {
    return usageError(err, `option '--format' must be text or json, got '${format}'`, 'rules');
  }

  if (id === undefined) {
    const text =
      format === 'json'
        ? `${JSON.stringify(RULES.map(describeRule), null, 2)}\n`
        : listText(RULES, helpWidth(out));
    await write(out, text);
    return 0;
  }

  const rule = findRule(id);
  if (!rule) {
    const near = closest(
      id,
      RULES.map((r) => r.id),
    );
    const hint = near === undefined ? '' : `; did you mean '${near}'?`;
    return usageError(err, `unknown rule '${id}'${hint} ('mcpdesc-validate rules' lists them)`, 'rules');
  }
  if (format === 'json') {
    const explained = {
      ...describeRule(rule),
      examples: {
        valid: rule.examples.valid.map(exampleJson),
        invalid: rule.examples.invalid.map((example) => ({
          ...exampleJson(example),
          diagnostics: exampleFindings(rule, example),
        })),
      },
    };
    await write(out, `${JSON.stringify(explained, null, 2)}\n`);
  } else {
    await write(out, explainText(rule));
  }
  return 0;
}

function write(out: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    out.write(text, (error) => (error ? reject(new WriteError(error)) : resolve()));
  });
}

/** `12.2`, or `12.2 (0.8.0: 13.2)` for a rule 0.8.0 numbers otherwise. */
export function sections(rule: Rule): string {
  const other = Object.entries(rule.specSections ?? {}).map(([version, section]) => `${version}: ${section}`);
  return other.length === 0 ? rule.specSection : `${rule.specSection} (${other.join(', ')})`;
}

/** `text` in lines of at most `width` columns, each starting with `prefix` (a longer word stays whole). */
function wrap(text: string, width: number, prefix: string): string[] {
  return fillWords(
    text.split(/\s+/).filter((word) => word !== ''),
    prefix,
    prefix.length,
    width,
  );
}

/**
 * The catalogue as a table that fits in `width` columns: each rule's id and levels on one line, its
 * section and description wrapped below it.
 */
function listText(rules: readonly Rule[], width: number): string {
  const header = ['RULE', ...LISTED_TARGETS];
  const rows = rules.map((r) => [r.id, ...LISTED_TARGETS.map((t) => r.levels[t])]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ');
  return [
    line(header),
    ...rules.flatMap((r, i) => [line(rows[i]!), ...wrap(`§${sections(r)}: ${r.description}`, width, '    ')]),
    '',
    ...wrap(
      `${rules.length} ${rules.length === 1 ? 'rule' : 'rules'}. Levels for every version and examples: mcpdesc-validate rules ID`,
      width,
      '',
    ),
    '',
  ].join('\n');
}

function indent(text: string, by: string): string {
  return text
    .split('\n')
    .map((l) => by + l)
    .join('\n');
}

function exampleSource(example: RuleExample): string {
  if (example.text !== undefined) return example.text;
  const compact = JSON.stringify(example.document);
  return compact.length <= 80 ? compact : JSON.stringify(example.document, null, 2);
}

function explainText(rule: Rule): string {
  const lines = [
    rule.id,
    `  ${rule.description}`,
    `  Specification section ${sections(rule)}; documentation: ${docsUrl(rule.id)}`,
    `  Scope: ${rule.scope === 'document' ? 'whole document (accumulates across elements)' : 'each element on its own'}` +
      (rule.versionIndependent ? '; runs whatever the declared version' : ''),
    '',
    'Levels:',
    ...TARGETS.map((t) => `  ${t.padEnd(12)}${rule.levels[t]}`),
    '',
    'Valid:',
  ];
  for (const example of rule.examples.valid) {
    lines.push(`  ✔ ${example.description}${example.target ? ` (--target ${example.target})` : ''}`);
    lines.push(indent(exampleSource(example), '      '));
  }
  lines.push('', 'Invalid:');
  for (const example of rule.examples.invalid) {
    lines.push(`  ✖ ${example.description}${example.target ? ` (--target ${example.target})` : ''}`);
    lines.push(indent(exampleSource(example), '      '));
    for (const finding of exampleFindings(rule, example)) {
      lines.push(
        `    → ${finding.pointer === '' ? '(root)' : finding.pointer}  ${finding.severity}  ${finding.message}`,
      );
    }
  }
  lines.push('');
  return lines.join('\n');
}
