// The table at the head of a fan-out batch's buffer (src/pool/slice-batches.ts writes it, the worker's
// checkSlices reads it): `count` rows of SLICE_FIELDS float64s, then the slices' bytes. One buffer per
// batch instead of an array of objects: nothing per element is allocated or cloned on either side.

export const SLICE_FIELDS = 7;
/** The collection's code: its index in validation's COLLECTION_KEYS. */
export const F_COLLECTION = 0;
export const F_INDEX = 1;
/** Start and end of the slice's bytes, relative to the task's `dataOffset`. */
export const F_START = 2;
export const F_END = 3;
export const F_LINE = 4;
export const F_COLUMN = 5;
/** The splitter's count of the element's object members (the duplicate-name check compares it). */
export const F_MEMBERS = 6;
