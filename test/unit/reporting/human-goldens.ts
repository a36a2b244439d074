// What the tests of the two reports for people (text, stylish) share: rendering sample documents to a
// string, and the three goldens each matches (plain, coloured, with code frames read from files).
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { HumanReporterOptions } from '../../../src/reporting/human.js';
import type { DocumentResult, Reporter } from '../../../src/types.js';
import { assertGolden, INPUTS_DIR, memoryStream, runReporter, SAMPLE_DOCUMENTS } from './sample-results.js';

export type Render = (
  options: HumanReporterOptions,
  documents?: readonly DocumentResult[],
) => Promise<string>;

export function renderer(
  create: (out: NodeJS.WritableStream, options: HumanReporterOptions) => Reporter,
): Render {
  return async (options, documents = SAMPLE_DOCUMENTS) => {
    const sink = memoryStream();
    await runReporter(create(sink.stream, options), documents);
    return sink.text();
  };
}

/** `NAME.txt`, `NAME-color.txt` and `NAME-code-frame.txt` in the golden folder. */
export function itMatchesGoldens(name: string, render: Render): void {
  it('matches the golden output without colour', async () => {
    assertGolden(`${name}.txt`, await render({ color: false }), assert.equal);
  });

  it('matches the golden output with colour', async () => {
    assertGolden(`${name}-color.txt`, await render({ color: true }), assert.equal);
  });

  it('matches the golden output with code frames read from the files', async () => {
    assertGolden(
      `${name}-code-frame.txt`,
      await render({ color: false, codeFrame: true, cwd: INPUTS_DIR }),
      assert.equal,
    );
  });
}
