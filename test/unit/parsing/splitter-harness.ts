// Drives the splitter over a buffer cut into chunks, and rebuilds the document from its slices:
// the "splitter + JSON.parse" pipeline that the tests compare with JSON.parse and stream-json.
import { type SplitEvent, Splitter, type SplitterOptions } from '../../../src/parsing/splitter.js';

/** Cut `input` at the given sizes (cycled), or into chunks of one size. */
export function chunks(input: Buffer, sizes: number | readonly number[]): Buffer[] {
  const list = typeof sizes === 'number' ? [sizes] : sizes;
  const out: Buffer[] = [];
  let at = 0;
  for (let k = 0; at < input.length; k++) {
    const size = Math.max(1, list[k % list.length]!);
    // Fresh copies, so that a slice that wrongly keeps a view of an earlier chunk shows up as corruption.
    out.push(Buffer.from(input.subarray(at, at + size)));
    at += size;
  }
  return out;
}

/** All events, with slice bytes copied (they may be views of a chunk). */
export function splitAll(
  input: Buffer,
  sizes: number | readonly number[],
  options?: SplitterOptions,
): SplitEvent[] {
  const splitter = new Splitter(options);
  const events: SplitEvent[] = [];
  const take = (list: SplitEvent[]) => {
    for (const e of list) {
      if (e.type === 'member' || e.type === 'element') events.push({ ...e, bytes: Buffer.from(e.bytes) });
      else events.push(e);
    }
  };
  for (const chunk of chunks(input, sizes)) {
    take(splitter.push(chunk));
    chunk.fill(0x21); // the caller reuses its buffer: nothing may still point into it
  }
  take(splitter.end());
  return events;
}

export type Rebuilt =
  | { ok: true; value: unknown; elements: Array<{ key: string | null; index: number; value: unknown }> }
  | { ok: false; offset: number; where: 'splitter' | 'slice' };

/** The document as splitter + JSON.parse see it, or where they rejected it. */
export function rebuild(events: readonly SplitEvent[]): Rebuilt {
  let root: unknown;
  let collection: unknown[] | null = null;
  const elements: Array<{ key: string | null; index: number; value: unknown }> = [];
  for (const e of events) {
    switch (e.type) {
      case 'root':
        root = e.kind === 'object' ? {} : undefined;
        break;
      case 'collectionStart':
        collection = [];
        if (e.key === null) root = collection;
        else (root as Record<string, unknown>)[e.key] = collection;
        break;
      case 'element':
      case 'member': {
        let value: unknown;
        try {
          value = JSON.parse(e.bytes.toString('utf8'));
        } catch {
          return { ok: false, offset: e.offset, where: 'slice' };
        }
        if (e.type === 'element') {
          collection!.push(value);
          elements.push({ key: e.key, index: e.index, value });
        } else if (e.key === null) root = value;
        else (root as Record<string, unknown>)[e.key] = value;
        break;
      }
      case 'error':
        return { ok: false, offset: e.offset, where: 'splitter' };
      case 'oversize':
        throw new Error('unexpected oversize');
      default:
        break;
    }
  }
  return { ok: true, value: root, elements };
}
