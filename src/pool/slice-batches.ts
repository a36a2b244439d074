// Fan-out's dispatch on the main thread: element slices are copied into ~1 MB batches, each one
// pooled SharedArrayBuffer (a table of positions, then the bytes, src/slice-table.ts) that a worker
// reads in place. Results are applied strictly in document order, interleaved with the events the
// document scan queued between them, so the report equals the single-thread one. The buffers are a
// fixed pool: nothing waits for a worker's GC to be freed, and nothing per element is allocated.
import {
  F_COLLECTION,
  F_COLUMN,
  F_END,
  F_INDEX,
  F_LINE,
  F_MEMBERS,
  F_START,
  SLICE_FIELDS,
} from '../slice-table.js';
import type {
  RunSliceTask,
  SliceApply,
  SliceBatches,
  SliceResult,
  SliceRow,
  SliceTask,
  SliceTaskBase,
} from '../worker/tasks.js';

export interface FanOutTuning {
  /** Target batch size (default 1 MiB, the pool's task size for small files too). */
  batchBytes?: number;
  /** Most elements per batch (default 4096; the batch's table takes 56 bytes per element). */
  batchSlices?: number;
  /** Batches dispatched and not yet applied (default 4: two per core keeps both busy). */
  maxInFlight?: number;
}

/** A batch's buffer and its views. Pooled batches go back to the pool once their result is applied. */
interface Batch {
  buffer: ArrayBuffer | SharedArrayBuffer;
  table: Float64Array;
  data: Uint8Array;
  dataOffset: number;
  slices: number;
  pooled: boolean;
}

function newBatch(dataBytes: number, slices: number, pooled: boolean): Batch {
  const dataOffset = slices * SLICE_FIELDS * Float64Array.BYTES_PER_ELEMENT;
  const buffer = pooled
    ? new SharedArrayBuffer(dataOffset + dataBytes)
    : new ArrayBuffer(dataOffset + dataBytes);
  return {
    buffer,
    table: new Float64Array(buffer, 0, slices * SLICE_FIELDS),
    data: new Uint8Array(buffer, dataOffset, dataBytes),
    dataOffset,
    slices,
    pooled,
  };
}

type QueueItem<E> =
  | { kind: 'batch'; batch: Batch; result: Promise<SliceResult>; settled: boolean }
  | { kind: 'event'; event: E };

/** One document's batches: memory is one read chunk's worth plus `maxInFlight` + 1 batch buffers. */
export class PooledSliceBatches<E> implements SliceBatches<E> {
  private readonly batchBytes: number;
  private readonly batchSlices: number;
  private readonly maxInFlight: number;
  private readonly queue: QueueItem<E>[] = [];
  /** Batches dispatched and not yet applied: each holds a buffer. */
  private queued = 0;
  private readonly free: Batch[] = [];
  private batch: Batch | null = null;
  private count = 0;
  private used = 0;

  constructor(
    private readonly runTask: RunSliceTask,
    tuning: FanOutTuning,
    private readonly base: SliceTaskBase,
    private readonly apply: SliceApply<E>,
  ) {
    this.batchBytes = Math.max(1, tuning.batchBytes ?? 1 << 20);
    this.batchSlices = Math.max(1, tuning.batchSlices ?? 4096);
    this.maxInFlight = Math.max(1, tuning.maxInFlight ?? 4);
  }

  add(slice: SliceRow): void {
    const size = slice.bytes.length;
    if (
      this.batch !== null &&
      (this.used + size > this.batch.data.length || this.count === this.batch.slices)
    )
      this.flush();
    // An element bigger than a batch gets a buffer of its own size, transferred rather than pooled.
    this.batch ??=
      size > this.batchBytes
        ? newBatch(size, 1, false)
        : (this.free.pop() ?? newBatch(this.batchBytes, this.batchSlices, true));
    const batch = this.batch;
    batch.data.set(slice.bytes, this.used);
    const row = this.count * SLICE_FIELDS;
    const table = batch.table;
    table[row + F_COLLECTION] = slice.collection;
    table[row + F_INDEX] = slice.index;
    table[row + F_START] = this.used;
    table[row + F_END] = this.used + size;
    table[row + F_LINE] = slice.line;
    table[row + F_COLUMN] = slice.column;
    table[row + F_MEMBERS] = slice.members;
    this.count++;
    this.used += size;
    if (this.used >= batch.data.length || this.count === batch.slices) this.flush();
  }

  event(event: E): void {
    this.flush();
    this.queue.push({ kind: 'event', event });
  }

  hasReady(): boolean {
    if (this.queue.length === 0 || this.apply.stopped()) return false;
    const head = this.queue[0]!;
    return this.queued >= this.maxInFlight || head.kind === 'event' || head.settled;
  }

  async applyReady(): Promise<void> {
    // Apply what is ready (events, answered batches) at once: it frees buffers and keeps order cheap.
    while (this.hasReady()) await this.applyHead();
  }

  async finish(): Promise<void> {
    this.flush();
    while (this.queue.length > 0 && !this.apply.stopped()) await this.applyHead();
  }

  async settle(): Promise<void> {
    await Promise.allSettled(this.queue.flatMap((item) => (item.kind === 'batch' ? [item.result] : [])));
  }

  private flush(): void {
    const batch = this.batch;
    if (batch === null || this.count === 0) return;
    const task: SliceTask = {
      ...this.base,
      buffer: batch.buffer,
      count: this.count,
      dataOffset: batch.dataOffset,
    };
    // A transferred buffer is gone from this thread: keep its table (one row) to apply the result.
    if (!batch.pooled) batch.table = batch.table.slice(0, this.count * SLICE_FIELDS);
    const result = this.runTask(task, batch.pooled ? [] : [batch.buffer as ArrayBuffer]);
    const item: QueueItem<E> = { kind: 'batch', batch, result, settled: false };
    // Also handles a rejection until the batch reaches the head of the queue, where it is awaited: an
    // unhandled one would end the process (Node 20).
    const settle = () => {
      item.settled = true;
    };
    result.then(settle, settle);
    this.queue.push(item);
    this.queued++;
    this.batch = null;
    this.count = 0;
    this.used = 0;
  }

  /** Apply the head of the queue: an event, or a batch's result once it is back. */
  private async applyHead(): Promise<void> {
    const item = this.queue.shift()!;
    if (item.kind === 'event') {
      this.apply.event(item.event);
      return;
    }
    this.queued--;
    const waited = performance.now();
    const result = await item.result;
    this.apply.batch(result, item.batch.table, performance.now() - waited);
    // The result is back, so no thread reads this buffer any more: it takes the next batch.
    if (item.batch.pooled) this.free.push(item.batch);
  }
}
