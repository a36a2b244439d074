import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { formatProgress, ProgressLine, shouldShowProgress } from '../../../src/cli/progress.js';

describe('progress line', () => {
  it('shows only on a terminal, outside CI, when not switched off', () => {
    assert.equal(shouldShowProgress(true, true, {}), true);
    assert.equal(shouldShowProgress(false, true, {}), false);
    assert.equal(shouldShowProgress(true, false, {}), false);
    assert.equal(shouldShowProgress(true, true, { CI: 'true' }), false);
    assert.equal(shouldShowProgress(true, true, { TERM: 'dumb' }), false);
  });

  it('says files done of planned, MB/s and errors', () => {
    assert.equal(
      formatProgress({ done: 250, planned: 1000, bytes: 50e6, errors: 7 }, 2000),
      '250/1000 files (25%) · 25.0 MB/s · 7 errors',
    );
    assert.equal(
      formatProgress({ done: 0, planned: 0, bytes: 0, errors: 0 }, 0),
      '0/0 files (100%) · 0.0 MB/s · 0 errors',
    );
    assert.equal(
      formatProgress({ done: 1, planned: 1, bytes: 0, errors: 1 }, 10),
      '1/1 files (100%) · 0.0 MB/s · 1 error',
    );
  });

  it('redraws in place at most every 100 ms and erases itself', () => {
    let text = '';
    const out = new Writable({
      write(chunk, _e, cb) {
        text += chunk;
        cb();
      },
    });
    const line = new ProgressLine(out);
    line.update({ done: 1, planned: 2, bytes: 0, errors: 0 });
    line.update({ done: 2, planned: 2, bytes: 0, errors: 0 });
    assert.equal(text.split('\r').length - 1, 1, 'the second update within 100 ms is dropped');
    line.clear();
    assert.ok(text.endsWith('\r\x1b[K'));
    assert.ok(!text.includes('\n'), 'never a newline: the line is redrawn, not appended');
  });
});
