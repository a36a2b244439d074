// Fan-out of one huge document, the document's side, on the main thread: the header guess, the
// element splitter over the file's chunks, and the streamed document that applies the root members
// here and the workers' results of the element slices, in document order. The pool's batches
// (src/pool/slice-batches.ts, passed in as `open`) carry the slices to the workers and back.
//
// What grows with the document is only what the document-scoped rules keep (e.g. every tool name,
// for mcpdesc.tool.name-unique).
import { DEFAULT_MAX_ELEMENT_BYTES, type SplitEvent, Splitter } from '../parsing/splitter.js';
import { F_COLLECTION, F_INDEX, SLICE_FIELDS } from '../slice-table.js';
import type { FileJob, FileOutcome, RuleTimings } from '../types.js';
import { COLLECTION_KEYS, type CollectionKey, isCollectionKey } from '../validation/rule.js';
import { addRuleTimings } from '../validation/timings.js';
import { HeapRoomError } from './heap-room.js';
import { sliceWork, takeRuleTimings, withRuleTable, withRuleTimings } from './stats.js';
import {
  checkStreamed,
  errorOutcome,
  guessHeader,
  type HeaderGuess,
  readChunks,
  readHeader,
  type StreamCheckOptions,
  StreamedDocument,
  toDocumentResult,
} from './streamed.js';
import type { OpenSliceBatches, SliceApply, SliceResult } from './tasks.js';

const NONE: never[] = [];
const COLLECTION_CODE = new Map<CollectionKey, number>(COLLECTION_KEYS.map((key, code) => [key, code]));
let documentCounter = 0;

/**
 * Check one huge JSON file with its elements parsed and checked through the pool's batches. Never
 * throws for a bad or unreadable file (status 'error').
 */
export async function checkHugeDocument(
  job: FileJob,
  given: StreamCheckOptions,
  open: OpenSliceBatches,
): Promise<FileOutcome> {
  const started = performance.now();
  // --stats: the document's own rules run on this thread, outside any task, so it times them itself.
  const options = withRuleTable(given);
  try {
    const guess = await guessHeader(job.path, options);
    let pass = await fanOutPass(job, options, open, guess);
    // The guess was wrong (a root `mcpdesc`/`tags` outside the probed ends): once more, with the truth.
    if (pass === null) {
      const header = await readHeader(job.path, options);
      pass = await fanOutPass(job, options, open, { header, speculative: false });
    }
    if (pass === null) throw new Error('a header from the full pre-pass was not confirmed');
    const report = await pass.doc.finish(job.path);
    const outcome: FileOutcome = {
      index: job.index,
      documents: [toDocumentResult(job, report, Math.max(pass.bytes, job.size), started, pass.doc.clock)],
    };
    // --stats: the workers' rule time that came with the batches, and this thread's (document-scoped rules).
    if (options.stats) {
      const own = takeRuleTimings(options.ruleTimings);
      if (own) addRuleTimings(pass.ruleTimings, own);
      outcome.ruleTimings = pass.ruleTimings;
    }
    return outcome;
  } catch (error) {
    // A hostile value, e.g. root `tags` nested 300,000 deep, overflows the stack when the header is
    // cloned into a worker task (RangeError). Checking on this thread needs no clone. Anything else (a
    // crashed worker, an unreadable file) stays this file's error: a retry here could take the run down.
    if (error instanceof RangeError) {
      const again = withRuleTable(given);
      return withRuleTimings(await checkStreamed(job, again), again.ruleTimings);
    }
    return errorOutcome(job, error, started);
  }
}

/** How a batch's result and the events between batches are applied to the document. */
function applier(d: StreamedDocument, ruleTimings: RuleTimings): SliceApply<SplitEvent> {
  const clock = d.clock;
  return {
    stopped: () => d.failed,
    event(event) {
      if (event.type === 'element') d.element(event);
      else d.event(event);
    },
    batch(result: SliceResult, table: Float64Array, waitedMs: number) {
      if (clock !== null) {
        // Waiting for a worker is no phase of this thread's (slices checked on this thread meanwhile,
        // in-process, are part of the wait); the worker's own phases come with its result.
        clock.waitMs += waitedMs;
        if (result.phases) clock.addOthers(result.phases);
        if (result.ruleTimings) addRuleTimings(ruleTimings, result.ruleTimings);
      }
      if (d.failed) return;
      const found = new Map(result.diagnostics);
      const { projections, stride } = result;
      for (let k = 0, row = 0; k < result.checked; k++, row += SLICE_FIELDS) {
        if (result.duplicate?.slice === k) d.duplicate(result.duplicate);
        d.outcome(COLLECTION_KEYS[table[row + F_COLLECTION]!]!, table[row + F_INDEX]!, {
          diagnostics: found.get(k) ?? NONE,
          projections: stride === 0 ? NONE : projections.slice(k * stride, (k + 1) * stride),
        });
      }
      if (result.failure) {
        const { message, endLine, endColumn } = result.failure;
        d.fail(message, result.failure, { line: endLine, column: endColumn });
      }
      // The file's error record, as when Node ends a worker over its heap limit (checkHugeDocument's catch).
      if (result.heap) throw new HeapRoomError(result.heap.message);
    },
  };
}

async function fanOutPass(
  job: FileJob,
  options: StreamCheckOptions,
  open: OpenSliceBatches,
  guess: HeaderGuess,
): Promise<{ doc: StreamedDocument; bytes: number; ruleTimings: RuleTimings } | null> {
  const { header } = guess;
  const d = new StreamedDocument(header, options, guess.speculative);
  const clock = d.clock;
  const ruleTimings: RuleTimings = {};
  const batches = open(
    {
      // Identifies the document, so a worker builds its rule visitors once per document, not per batch.
      documentId: `${process.pid}:${++documentCounter}:${job.index}`,
      header,
      options: d.engineOptions,
      ...(clock !== null ? { stats: true } : {}),
    },
    applier(d, ruleTimings),
  );
  const splitter = new Splitter({ maxElementBytes: options.maxElementBytes ?? DEFAULT_MAX_ELEMENT_BYTES });
  const handle = async (events: SplitEvent[]) => {
    for (const e of events) {
      // Root tags are few and confirm a guessed header: they are checked here; the rest goes out.
      if (e.type === 'element' && e.key !== null && e.key !== 'tags' && isCollectionKey(e.key)) {
        const { bytes, index, line, column, members } = e;
        batches.add({ bytes, collection: COLLECTION_CODE.get(e.key)!, index, line, column, members });
      } else {
        // Members, structure and local elements apply in document order, after the batches before them.
        batches.event(
          e.type === 'member' || e.type === 'element' ? { ...e, bytes: Buffer.from(e.bytes) } : e,
        );
      }
      // Checked first: an await per element would cost a microtask turn for each of millions.
      if (batches.hasReady()) {
        await batches.applyReady();
        if (d.failed) return false;
      }
    }
    return true;
  };
  let bytes = 0;
  try {
    let going = true;
    let t = clock === null ? 0 : performance.now();
    let sliced = sliceWork.ms;
    for await (const chunk of readChunks(job.path, options.chunkBytes)) {
      if (clock !== null) {
        // In-process, slice tasks run while this thread waits for the read: theirs, not the read's.
        const inSlices = sliceWork.ms - sliced;
        clock.readMs += performance.now() - t - inSlices;
        clock.waitMs += inSlices;
      }
      bytes += chunk.length;
      going = await handle(splitter.push(chunk));
      if (!going) break;
      if (clock !== null) {
        t = performance.now();
        sliced = sliceWork.ms;
      }
    }
    if (going) await handle(splitter.end());
    if (!d.failed) await batches.finish();
    return d.confirmed() ? { doc: d, bytes, ruleTimings } : null;
  } finally {
    // Results still in flight after a failure are awaited so that no rejection goes unhandled.
    await batches.settle();
  }
}
