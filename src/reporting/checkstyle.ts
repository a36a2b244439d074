// Checkstyle XML, the report format of the Java linter that many other tools write too (ESLint's and
// ShellCheck's `checkstyle` formatters) and that CI tools read: Jenkins' Warnings plugin, reviewdog
// (`-f=checkstyle`), Danger. `<checkstyle version="4.3">` holds one `<file name>` per input checked, and
// in it one `<error line column severity message source>` per finding; `source` is the rule id.
//
// Streamed: the header at the start, each file's element as its documents arrive (the documents of a
// JSON Lines file come one after another and share one element), the closing tag at the end.
//
// The format has no way to mark a finding as accepted, so findings a --baseline covers are left out
// (as the GitHub annotations leave them out): Jenkins' quality gates and reviewdog would count them.
import { BAIL_SKIP_CODE, type DocumentResult, type Reporter } from '../types.js';
import { inputError, type PathOptions, repoRelative, writeChunk } from './output.js';
import { xmlAttr } from './xml-escape.js';

/** `source` of the entry raised for a file that could not be checked (it has no rule). */
export const FILE_CHECK = 'mcpdesc-validate';

function entry(line: number, column: number | undefined, severity: string, message: string, source: string) {
  const col = column === undefined ? '' : ` column="${column}"`;
  return `    <error line="${line}"${col} severity="${severity}" message="${xmlAttr(message)}" source="${xmlAttr(source)}"/>\n`;
}

export function createCheckstyleReporter(out: NodeJS.WritableStream, options: PathOptions = {}): Reporter {
  /** The reported name of the input whose `<file>` element is open, if any. */
  let open: string | null = null;
  return {
    async onStart() {
      await writeChunk(out, '<?xml version="1.0" encoding="UTF-8"?>\n<checkstyle version="4.3">\n');
    },

    async onDocument(result: DocumentResult) {
      // An input --bail never started was not checked: listing it would say it was, and clean.
      if (result.error?.code === BAIL_SKIP_CODE) return;
      let chunk = '';
      if (result.file !== open) {
        if (open !== null) chunk += '  </file>\n';
        // Repository-relative with '/', as SARIF and GitHub paths: Jenkins and reviewdog resolve
        // names against the workspace or the working directory.
        chunk += `  <file name="${xmlAttr(repoRelative(result.file, options))}">\n`;
        open = result.file;
      }
      for (const d of result.diagnostics) {
        if (d.suppressed) continue;
        // The format needs a line: an unplaced finding points at its document's first line.
        const line = d.line ?? result.line ?? 1;
        chunk += entry(line, d.line === undefined ? undefined : d.column, d.severity, d.message, d.ruleId);
      }
      if (result.diagnostics.length === 0 && (result.status === 'error' || result.status === 'skipped')) {
        // Not a rule finding, but a file nobody checked must show where the findings are read.
        const reason = inputError(result.error);
        const unreadable = result.status === 'error';
        chunk += entry(
          result.line ?? 1,
          undefined,
          unreadable ? 'error' : 'warning',
          unreadable ? `Could not check the file: ${reason}` : `Skipped: ${reason}`,
          FILE_CHECK,
        );
      }
      await writeChunk(out, chunk);
    },

    async onEnd() {
      await writeChunk(out, `${open !== null ? '  </file>\n' : ''}</checkstyle>\n`);
    },
  };
}
