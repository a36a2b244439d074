// Help texts fitted to the reader's width: the commands' own --help pages and the subcommands'.

/** The width help is fitted to: the terminal's, or 80 columns when it goes to a file or a pipe. */
export function helpWidth(out: unknown): number {
  const tty = out as { isTTY?: boolean; columns?: number } | null;
  return tty?.isTTY === true && typeof tty.columns === 'number' && tty.columns > 40 ? tty.columns : 80;
}

interface Unit {
  /** The first line up to where its text starts: an indentation, or a row's term and gap. */
  head: string;
  /** Where the unit's later lines start. */
  indent: number;
  lines: string[];
}

/** A row (`  -o, --output FILE  what it does`, `  2    what it means`): where its description starts. */
function rowColumn(line: string, width: number): number | null {
  const row = /^( *\S(?:\S| (?! ))*) {2,}(?=\S)/.exec(line);
  return row && row[0].length <= width / 2 ? row[0].length : null;
}

function indentOf(line: string): number {
  return /^ */.exec(line)![0].length;
}

/** Paragraphs and rows, each with the lines that continue it (same indentation as its text, no new row). */
function unitsOf(text: string, width: number): Unit[] {
  const units: Unit[] = [];
  for (const line of text.split('\n')) {
    const last = units.at(-1);
    const row = rowColumn(line, width);
    if (
      last !== undefined &&
      line.trim() !== '' &&
      indentOf(line) === last.indent &&
      (row === null || row === last.indent) &&
      last.lines[0]!.trim() !== ''
    ) {
      last.lines.push(line);
      continue;
    }
    const indent = row ?? indentOf(line);
    units.push({ head: line.slice(0, indent), indent, lines: [line] });
  }
  return units;
}

/**
 * `text` with every line within `width` columns: a paragraph or row that does not fit is refilled,
 * its later lines indented as its text; one that fits is kept as written. A word longer than the
 * width stays whole.
 */
export function wrapHelp(text: string, width: number): string {
  return unitsOf(text, width)
    .flatMap((unit) => {
      if (unit.lines.every((line) => line.length <= width)) return unit.lines;
      const words = unit.lines
        .map((line, i) => (i === 0 ? line.slice(unit.head.length) : line))
        .join(' ')
        .split(/\s+/)
        .filter((word) => word !== '');
      return fillWords(words, unit.head, unit.indent, width);
    })
    .join('\n');
}

/**
 * `words` filled into lines of at most `width` columns: the first starts with `head`, the others with
 * `indent` spaces; a word longer than the width stays whole on a line of its own.
 */
export function fillWords(words: readonly string[], head: string, indent: number, width: number): string[] {
  const out: string[] = [];
  const prefix = ' '.repeat(indent);
  let line = head;
  let fresh = true;
  for (const word of words) {
    if (!fresh && line.length + 1 + word.length > width) {
      out.push(line);
      line = prefix;
      fresh = true;
    }
    line += fresh ? word : ` ${word}`;
    fresh = false;
  }
  out.push(line);
  return out;
}
