// Duplicate member names in a streamed document, found where whole-file mode finds them (its parser
// runs parsing/duplicate-keys.ts over the whole text): the root object's names are compared here as
// the splitter reports them, the inside of each member value and element by the same check on the
// slice. Slices come in document order, so the first duplicate found is the first in the text, as in
// whole-file mode; the finding then stops the document the same way.
import {
  duplicateKeyMessage,
  firstDuplicateKey,
  firstDuplicateKeyCounted,
} from '../parsing/duplicate-keys.js';
import { safeMessage } from '../parsing/finding.js';
import { stringEnd } from '../parsing/json-lexical.js';
import { type Position, positionFrom } from '../parsing/position.js';
import type { SlicePosition } from '../parsing/splitter.js';
import type { LocatedDiagnostic, PathSegment } from '../types.js';
import type { EngineOptions } from '../validation/engine.js';
import { ruleDiagnostic } from '../validation/report.js';
import { DUPLICATE_KEY_RULE, placed } from './results.js';

/**
 * A duplicate name: the member's path and its second occurrence's name, from its opening quote to just
 * after its closing one (the span: the finding is about the name, as in whole-file mode).
 */
export interface FoundDuplicate {
  path: PathSegment[];
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

type At = Pick<SlicePosition, 'line' | 'column'>;

function foundAt(path: PathSegment[], at: At, end: At): FoundDuplicate {
  return { path, line: at.line, column: at.column, endLine: end.line, endColumn: end.column };
}

/**
 * Root names are kept for the comparison up to this many UTF-16 units, each name charged 64 more for
 * its Set entry (~200k short names, ~16 MiB). A real document has a dozen root members; without a
 * bound, a hostile dump of tiny members would grow the set with the file.
 */
export const ROOT_NAMES_BUDGET = 16 * 1024 * 1024;

/**
 * The first duplicate inside one slice: its value is at `path`, its text starts at `base`. `members`:
 * the splitter's count of the slice's members (then only the value's keys need counting).
 */
export function sliceDuplicate(
  text: string,
  value: unknown,
  path: readonly PathSegment[],
  base: Pick<SlicePosition, 'line' | 'column'>,
  members?: number,
): FoundDuplicate | null {
  const found =
    members === undefined ? firstDuplicateKey(text, value) : firstDuplicateKeyCounted(text, value, members);
  if (found === null) return null;
  return foundAt(
    [...path, ...found.path],
    positionFrom(base, text, found.offset),
    positionFrom(base, text, stringEnd(text, found.offset)),
  );
}

/** The duplicate-key finding, worded and placed as whole-file mode does (null when the rule is off). */
export function duplicateDiagnostic(found: FoundDuplicate, engine: EngineOptions): LocatedDiagnostic | null {
  const message = safeMessage(duplicateKeyMessage(found.path));
  const d = ruleDiagnostic(DUPLICATE_KEY_RULE, message, engine, found.path);
  const end: Position = { line: found.endLine, column: found.endColumn };
  return d ? { ...d, ...placed(found, end) } : null;
}

/** One streamed document's duplicate check. */
export class DuplicateWatch {
  private readonly rootNames = new Set<string>();
  private budget = ROOT_NAMES_BUDGET;
  /** The first duplicate (the document stops being validated once it is set). */
  found: FoundDuplicate | null = null;
  /** Where the root names stopped being kept, when they outgrew ROOT_NAMES_BUDGET. */
  overBudget: { at: At; end: At } | null = null;

  /** A root member's name, from its opening quote (`at`) to just after its closing one (`end`). */
  rootName(name: string, at: At, end: At): void {
    if (this.found !== null) return;
    if (this.rootNames.has(name)) {
      this.found = foundAt([name], at, end);
      return;
    }
    if (this.overBudget !== null) return;
    this.budget -= name.length + 64;
    if (this.budget < 0)
      this.overBudget = {
        at: { line: at.line, column: at.column },
        end: { line: end.line, column: end.column },
      };
    else this.rootNames.add(name);
  }

  /** A parsed member value or element (path: where it sits; members: the splitter's count). */
  slice(
    text: string,
    value: unknown,
    path: readonly PathSegment[],
    base: SlicePosition,
    members: number,
  ): void {
    if (this.found === null) this.found = sliceDuplicate(text, value, path, base, members);
  }

  /** A duplicate found elsewhere (a fan-out worker), in document order. */
  record(found: FoundDuplicate): void {
    this.found ??= found;
  }

  /** The finding that the root names outgrew the budget (the check of later names is incomplete). */
  budgetDiagnostic(engine: EngineOptions): LocatedDiagnostic | null {
    if (this.overBudget === null) return null;
    const message = `The root object has more member names than the streamed duplicate check keeps (${ROOT_NAMES_BUDGET} units of names); names from here on were compared with the names before this point only.`;
    const d = ruleDiagnostic(DUPLICATE_KEY_RULE, message, engine);
    return d ? { ...d, ...placed(this.overBudget.at, this.overBudget.end) } : null;
  }
}
