// What the element splitter hands out (src/parsing/splitter.ts): its events, positions and options.
import type { Within } from './json-scan.js';

/** The collections whose elements are split out, as in the validation engine's COLLECTION_KEYS. */
export const DEFAULT_SPLIT_KEYS: readonly string[] = [
  'tools',
  'resources',
  'resourceTemplates',
  'prompts',
  'tags',
];

/**
 * Slices above this size are skipped with an 'oversize' event rather than buffered. 32 MiB of bytes is
 * up to 64 MiB as a UTF-16 string plus its parsed value: it fits a 256 MB heap with room to spare, and
 * real tools are well under 100 KB.
 */
export const DEFAULT_MAX_ELEMENT_BYTES = 32 * 1024 * 1024;

export type RootKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

export interface SlicePosition {
  /** Absolute byte offset of the first byte (a leading BOM counts). */
  offset: number;
  line: number;
  column: number;
}

export type SplitEvent =
  | ({ type: 'root'; kind: RootKind } & SlicePosition)
  /** `keyEnd` (with `keyAt`): just after the name's closing quote. */
  /** A root member that is not split (key null: the value of a non-object root). */
  /** `keyAt`: where the member's name starts (a whole-file diagnostic on the member is placed there). */
  /** `members`: how many object members the value's text holds (its ':' outside strings), duplicates included. */
  /** `last`: the value runs to the end of input (a root scalar); any other slice is followed by more. */
  | ({
      type: 'member';
      key: string | null;
      keyAt: SlicePosition | null;
      keyEnd: SlicePosition | null;
      bytes: Buffer;
      members: number;
      last?: true;
    } & SlicePosition)
  | ({
      type: 'collectionStart';
      key: string | null;
      keyAt: SlicePosition | null;
      keyEnd: SlicePosition | null;
    } & SlicePosition)
  /** One element of a split collection (key null: an element of an array root). */
  | ({ type: 'element'; key: string | null; index: number; bytes: Buffer; members: number } & SlicePosition)
  /** `end`: just after its closing ']' (the end of the member's span, docs/cli.md "Spans"). */
  | { type: 'collectionEnd'; key: string | null; length: number; end: SlicePosition }
  /** A member value or element larger than `maxElementBytes`: skipped, never buffered. */
  /** `keyAt`: for a root member, where its name starts (its name still counts for duplicates). */
  | ({
      type: 'oversize';
      key: string | null;
      index: number | null;
      keyAt: SlicePosition | null;
      keyEnd: SlicePosition | null;
      limit: number;
      /** Just after the skipped value's last byte. */
      end: SlicePosition;
    } & SlicePosition)
  | { type: 'bom' }
  /**
   * Malformed input; scanning stops. `partial` is the value or root member name the error interrupted
   * (its bytes so far, the offending character included, and where they start; `within`: the container
   * it sits in), for the consumer to find the error in as whole-file mode's scanner does (json-scan.ts
   * `findJsonSyntaxError(text, within)`): an earlier error inside it, or the wording at its end.
   */
  /** `width`: UTF-16 units of the offending character (its span), 0 where the input ended. */
  | ({ type: 'error'; message: string; width: number; partial?: PartialValue } & SlicePosition)
  /** `rootEnd`: just after the root value (the end of a finding's span at the root). */
  | { type: 'end'; bytes: number; rootEnd: SlicePosition | null };

export interface PartialValue {
  bytes: Buffer;
  start: SlicePosition;
  within: Within;
}

export interface SplitterOptions {
  /** Root members whose array values are split into elements (default: the five collections). */
  splitKeys?: readonly string[];
  /**
   * Root members to capture; others are scanned and dropped without buffering. Default: all.
   * The pre-pass captures only `mcpdesc` and `tags`.
   */
  captureKeys?: readonly string[] | null;
  maxElementBytes?: number;
}
