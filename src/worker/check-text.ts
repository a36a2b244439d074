// Check a document given as text (the catalogue's parser examples, stdin, small JSON files).
// Parse failures become `mcpdesc.document.syntax` findings, never exceptions.
import type { EngineOptions } from '../validation/engine.js';
import { type DocumentReport, validateDocument } from '../validation/engine.js';

export function checkText(text: string, options: EngineOptions): DocumentReport {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    const report = validateDocument({}, options, []);
    report.errors = 1;
    report.byRule['mcpdesc.document.syntax'] = 1;
    report.diagnostics.push({
      ruleId: 'mcpdesc.document.syntax',
      severity: 'error',
      message: `Invalid JSON: ${(error as Error).message}`,
      pointer: '',
      path: [],
      specSection: '14.1',
      docsUrl: '',
    });
    return report;
  }
  return validateDocument(doc, options);
}
