// ESLint's `stylish` report, the default on a terminal: a heading per file (its reported name), its
// findings below it as `line:col  severity  message  ruleId` in aligned columns, then the closing tally.
// The file name is said once, so a registry of long paths reads as a list of files to fix; `text`
// keeps the whole location on every line for grep. Rows, frames, colour and tally: human.ts.
import type { Reporter } from '../types.js';
import {
  createHumanReporter,
  type DocumentView,
  type HumanReporterOptions,
  type Layout,
  type Palette,
  type Row,
  severityCell,
} from './human.js';
import { counted, displayWidth, padDisplay, printable } from './output.js';
import { MAX_MESSAGE_COLUMN } from './text.js';

export function createStylishReporter(out: NodeJS.WritableStream, options: HumanReporterOptions): Reporter {
  return createHumanReporter(out, options, stylishLayout);
}

/** `12:7` with the line right-aligned and the column left-aligned, so the colons line up (as ESLint). */
function position(row: Row, lineWidth: number, columnWidth: number): string {
  const line = row.line === undefined ? '' : String(row.line);
  const column = row.column === undefined ? '' : `:${row.column}`;
  return `${line.padStart(lineWidth)}${column.padEnd(columnWidth)}`;
}

function stylishLayout(paint: Palette): Layout {
  let lastFile: string | null = null;
  let endedWithFrame = false;
  return {
    lines({ result, rows, frames, unlisted }: DocumentView) {
      let lineWidth = 0;
      let columnWidth = 0;
      let messageWidth = 0;
      // Loops, not Math.max(...rows): --max-diagnostics-per-file may allow more rows than a call has arguments.
      for (const r of rows) {
        lineWidth = Math.max(lineWidth, r.line === undefined ? 0 : String(r.line).length);
        columnWidth = Math.max(columnWidth, r.column === undefined ? 0 : String(r.column).length + 1);
        const width = displayWidth(r.message);
        if (width <= MAX_MESSAGE_COLUMN) messageWidth = Math.max(messageWidth, width);
      }
      const lines: string[] = [];
      // The documents of a JSON Lines file arrive one after another: one heading for all of them.
      if (result.file !== lastFile) {
        if (lastFile !== null) lines.push('');
        lines.push(paint.underline(printable(result.file)));
        lastFile = result.file;
      } else if (endedWithFrame) lines.push('');
      const positioned = lineWidth + columnWidth > 0;
      for (const row of rows) {
        const message =
          row.ruleId !== '' && displayWidth(row.message) < messageWidth
            ? padDisplay(row.message, messageWidth)
            : row.message;
        const rule = row.ruleId === '' ? '' : `  ${paint.dim(row.ruleId)}`;
        const where = positioned ? `${paint.dim(position(row, lineWidth, columnWidth))}  ` : '';
        lines.push(`  ${where}${severityCell(paint, row.severity)}  ${message}${rule}`);
        const frame = frames?.get(row);
        if (frame) lines.push(frame, '');
      }
      if (unlisted > 0) {
        lines.push(
          paint.dim(`  ${counted(unlisted, 'more finding')} not listed (--max-diagnostics-per-file)`),
        );
      }
      // A frame is followed by a blank line, but the next file brings its own.
      endedWithFrame = lines.at(-1) === '';
      if (endedWithFrame) lines.pop();
      return lines;
    },
  };
}
