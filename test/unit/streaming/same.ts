// Whole-file against streamed checking of one document, positions included: the comparison the
// order-independence tests make, for the catalogue plus the streaming fixture rules.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { locateJsonSpans } from '../../../src/parsing/json-scan.js';
import { LineIndex } from '../../../src/parsing/position.js';
import type { LocatedDiagnostic } from '../../../src/types.js';
import { validateDocument } from '../../../src/validation/engine.js';
import type { Rule } from '../../../src/validation/rule.js';
import { RULES } from '../../../src/validation/rules/index.js';
import { checkStreamed, type StreamOptions } from '../../../src/worker/streamed.js';
import { FIXTURE_RULES } from './fixture-rules.js';
import { STREAMED as OPTIONS, testDir } from './helpers.js';

const dir = testDir('stream');
let fileCount = 0;

export const ALL_RULES: readonly Rule[] = [...RULES, ...FIXTURE_RULES];

/** Whole-file mode: JSON.parse, validateDocument, then place each finding in the whole text. */
export function whole(text: string, options = OPTIONS) {
  const report = validateDocument(
    JSON.parse(text),
    { target: options.target, ruleLevels: options.ruleLevels, maxDiagnostics: options.maxDiagnosticsPerFile },
    ALL_RULES,
  );
  const spans = locateJsonSpans(
    text,
    report.diagnostics.map((d) => d.path),
  );
  const lines = new LineIndex(text);
  const diagnostics: LocatedDiagnostic[] = report.diagnostics.map((d, i) => {
    const end = lines.position(spans[i]!.end);
    return { ...d, ...lines.position(spans[i]!.start), endLine: end.line, endColumn: end.column };
  });
  return { ...report, diagnostics };
}

export async function streamed(content: string | Buffer, chunkBytes: number, options = OPTIONS, extra = {}) {
  const path = join(dir, `doc-${fileCount++}.json`);
  writeFileSync(path, content);
  const outcome = await checkStreamed(
    { index: 3, path, file: 'doc.json', size: Buffer.byteLength(content) },
    { ...options, chunkBytes, rules: ALL_RULES, ...extra },
  );
  assert.equal(outcome.index, 3);
  assert.equal(outcome.documents.length, 1);
  const result = outcome.documents[0]!;
  assert.equal(result.streamed, true);
  return result;
}

// Small reads are costly (one async read each): tiny chunk sizes are for small documents; the splitter's
// own tests cut at every byte.
export async function assertSame(
  text: string,
  chunkSizes: readonly number[] = [61, 4096, 1 << 20],
  options = OPTIONS,
  extra: StreamOptions = {},
) {
  const expected = whole(text, options);
  for (const chunkBytes of chunkSizes) {
    const got = await streamed(text, chunkBytes, options, extra);
    assert.deepEqual(got.diagnostics, expected.diagnostics, `chunks of ${chunkBytes}`);
    assert.deepEqual(
      [got.errors, got.warnings, got.infos, got.byRule, got.truncated, got.tools, got.mcpdesc],
      [
        expected.errors,
        expected.warnings,
        expected.infos,
        expected.byRule,
        expected.truncated,
        expected.tools,
        expected.mcpdesc,
      ],
    );
    assert.equal(got.status, expected.errors > 0 ? 'invalid' : 'valid');
  }
  return expected;
}
