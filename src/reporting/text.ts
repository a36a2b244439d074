// The one-line-per-finding report (`-f text`, or `compact`): `file:line:col  severity  message  ruleId`,
// grouped by file (a blank line between files), columns aligned within a file, and a closing tally.
// Every line carries the full location, so grep, terminals and editor problem matchers can jump to it.
// The rows, frames, colour and tally are shared with stylish (human.ts).
import type { Reporter } from '../types.js';
import {
  createHumanReporter,
  type DocumentView,
  type HumanReporterOptions,
  type Layout,
  type Palette,
  severityCell,
} from './human.js';
import { counted, displayWidth, padDisplay, printable } from './output.js';

export type TextReporterOptions = HumanReporterOptions;

/**
 * Rule ids line up after the longest message of the file, ignoring messages over this length (they are
 * not padded): one 300-character message must not push every rule id off screen. 100 keeps typical
 * lines (location ~40, severity 7, message, rule id ~30) within a wide terminal.
 */
export const MAX_MESSAGE_COLUMN = 100;

export function createTextReporter(out: NodeJS.WritableStream, options: TextReporterOptions): Reporter {
  return createHumanReporter(out, options, compactLayout);
}

function compactLayout(paint: Palette): Layout {
  let lastFile: string | null = null;
  let endedWithFrame = false;
  return {
    lines({ result, rows, frames, unlisted }: DocumentView) {
      const located = rows.map((r) => {
        if (r.line === undefined) return r.file;
        return r.column === undefined ? `${r.file}:${r.line}` : `${r.file}:${r.line}:${r.column}`;
      });
      // A loop, not Math.max(...rows): --max-diagnostics-per-file may allow more rows than a call has arguments.
      let locationWidth = 0;
      let messageWidth = 0;
      rows.forEach((r, i) => {
        // Terminal columns, not code units: a CJK tool name or file name must not push its rule id right.
        locationWidth = Math.max(locationWidth, displayWidth(located[i]!));
        const width = displayWidth(r.message);
        if (width <= MAX_MESSAGE_COLUMN) messageWidth = Math.max(messageWidth, width);
      });
      const lines: string[] = [];
      if (result.file !== lastFile || endedWithFrame) {
        // A blank line between files, and after a frame (JSON Lines documents of one file stay together).
        if (lastFile !== null) lines.push('');
        lastFile = result.file;
      }
      rows.forEach((row, i) => {
        const message =
          row.ruleId !== '' && displayWidth(row.message) < messageWidth
            ? padDisplay(row.message, messageWidth)
            : row.message;
        const rule = row.ruleId === '' ? '' : `  ${paint.dim(row.ruleId)}`;
        lines.push(
          `${padDisplay(located[i]!, locationWidth)}  ${severityCell(paint, row.severity)}  ${message}${rule}`,
        );
        const frame = frames?.get(row);
        if (frame) lines.push(frame);
        // A frame is followed by a blank line, except before the next file's own separator.
        if (frame && i < rows.length - 1) lines.push('');
        endedWithFrame = frame !== undefined && i === rows.length - 1;
      });
      if (unlisted > 0) {
        lines.push(
          paint.dim(
            `${printable(result.file)}: ${counted(unlisted, 'more finding')} not listed (--max-diagnostics-per-file)`,
          ),
        );
      }
      return lines;
    },
  };
}
