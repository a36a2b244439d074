// Whether JSON.parse of a text fits in what is left of this worker thread's heap. A worker over its
// heap limit is normally ended by Node (ERR_WORKER_OUT_OF_MEMORY) and replaced, and the run goes on;
// but JSON.parse is native code that Node cannot interrupt, so a worker whose heap fills up inside it
// keeps allocating past the limit and V8 aborts the whole process (nodejs/node#47224): every record
// not yet written is lost. Measured: a 17 MB tool of `[{},{},…]` under --worker-memory 64, a 30 MB
// file of it under the default floor of 512 MB. Texts that could not fill the heap are let through
// without looking at them; a larger one is estimated from its structural characters first.
import { getHeapStatistics } from 'node:v8';
import { isMainThread } from 'node:worker_threads';

/**
 * Upper bounds of what JSON.parse keeps per character, from measurements on Node 20 (parsed heap ÷
 * text for arrays of one shape): `[{},…]` 22 B per byte of text, `[[],…]` 14, `[[[]]],…` 21,
 * `{"k1":0,…}` with distinct names 14. An object or array costs up to ~70 B, a member ~120 B (name,
 * slot, dictionary entry), an element ~16 B; the text itself stays alive while it is parsed.
 */
const PER_CONTAINER = 80;
const PER_MEMBER = 96;
const PER_COMMA = 24;
const PER_CHAR = 3;
/** The largest estimate per character (`[[[[…`): below limit ÷ this, no text can exhaust the heap. */
const WORST_PER_CHAR = PER_CONTAINER + PER_CHAR + 13;

let limit = 0;

/** Heap bytes JSON.parse of `text` may need (an upper bound for the shapes measured). */
export function parseHeapEstimate(text: string): number {
  let containers = 0;
  let members = 0;
  let commas = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) containers++;
    else if (c === 0x3a) members++;
    else if (c === 0x2c) commas++;
  }
  return containers * PER_CONTAINER + members * PER_MEMBER + commas * PER_COMMA + text.length * PER_CHAR;
}

/**
 * Null when `text` can be parsed on this thread, else why not, as a sentence the caller puts after the
 * file or line it names (and makes the ERR_WORKER_OUT_OF_MEMORY error Node gives a worker over its
 * limit). Always null on the main thread: it has no limit of ours, and its heap is the process's.
 */
export function parseWouldExhaustHeap(text: string): string | null {
  if (isMainThread) return null;
  limit ||= getHeapStatistics().heap_size_limit;
  if (text.length * WORST_PER_CHAR < limit / 4) return null;
  const room = limit - getHeapStatistics().used_heap_size;
  if (text.length * WORST_PER_CHAR < room) return null;
  const need = parseHeapEstimate(text);
  if (need < room) return null;
  const mb = (n: number) => Math.ceil(n / (1024 * 1024));
  return `its ${mb(text.length)} MB of text would take an estimated ${mb(need)} MB of heap to parse, and the worker thread has ${mb(room)} MB left under its limit (--worker-memory); not parsed, since JSON.parse cannot be stopped at the limit and would abort the whole run`;
}

/** The error a file check throws for a text too large for the worker's heap. */
export class HeapRoomError extends Error {
  readonly code = 'ERR_WORKER_OUT_OF_MEMORY';
}
