// The inputs a run could not check, named on stderr as they come, whatever the report format (a report
// in a file or NDJSON on a pipe would otherwise leave only an exit code 2): one line each, up to a
// cap, then how many more.
import { inputError, printable } from '../reporting/output.js';
import { BAIL_SKIP_CODE, type DocumentResult } from '../types.js';

const NAMED = 20;

export class UnreadableInputs {
  private count = 0;

  constructor(private readonly note: (message: string) => void) {}

  document(doc: DocumentResult): void {
    if (doc.status !== 'error' || doc.error?.code === BAIL_SKIP_CODE) return;
    if (++this.count > NAMED) return;
    const where = doc.line === undefined ? '' : `:${doc.line}`;
    this.note(`cannot check ${printable(doc.file)}${where}: ${inputError(doc.error)}`);
  }

  end(): void {
    const rest = this.count - NAMED;
    if (rest > 0) this.note(`${rest} more input${rest === 1 ? '' : 's'} could not be checked`);
  }
}
