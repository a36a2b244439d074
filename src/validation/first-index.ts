// Where each string was first seen, for document-scoped rules that must remember every name of a
// document (mcpdesc.tool.name-unique). A Map costs ~80 bytes a name in V8 (the string plus its share
// of the hash table, doubled while it grows): 3.64M tool names of a 4 GB dump held ~340 MB on the main
// thread, more than the rest of the streamed check. Past a few thousand names the index moves into one
// UTF-8 arena and typed arrays (~36 bytes a name, outside the V8 heap), still exact: names are compared
// byte for byte, and a name that UTF-8 cannot represent exactly (a lone surrogate) stays in a Map.

/** Names kept in a plain Map before the compact index takes over (most documents never get there). */
export const COMPACT_AFTER = 4096;

const EMPTY = -1;
const encoder = new TextEncoder();

function isWellFormed(text: string): boolean {
  // String.prototype.isWellFormed (ES2024, in Node 20's V8) is not in the project's ES2023 typings.
  return (text as unknown as { isWellFormed(): boolean }).isWellFormed();
}

/** FNV-1a over bytes [start, end) of `bytes`. */
function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

/** Open addressing over entry numbers; each entry's bytes are arena[starts[k], starts[k + 1]). */
class CompactIndex {
  private arena = new Uint8Array(1 << 16);
  private used = 0;
  private count = 0;
  private starts = new Uint32Array(1 << 12);
  private firsts = new Uint32Array(1 << 12);
  private table = new Int32Array(1 << 13).fill(EMPTY);
  /** Names UTF-8 cannot hold exactly, and indexes the typed arrays cannot. */
  private readonly other = new Map<string, number>();

  firstOrAdd(name: string, index: number): number {
    if (!isWellFormed(name) || index > 0xffffffff) return mapFirstOrAdd(this.other, name, index);
    // At most 3 bytes per UTF-16 code unit: encode in place at the end of the arena.
    if (!this.reserve(name.length * 3)) return mapFirstOrAdd(this.other, name, index);
    const at = this.used;
    const end = at + encoder.encodeInto(name, this.arena.subarray(at)).written;
    const mask = this.table.length - 1;
    let slot = hashBytes(this.arena, at, end) & mask;
    for (;;) {
      const k = this.table[slot]!;
      if (k === EMPTY) break;
      if (this.equals(k, at, end)) return this.firsts[k]!;
      slot = (slot + 1) & mask;
    }
    const k = this.count++;
    if (k + 2 > this.starts.length) {
      this.starts = grow(this.starts);
      this.firsts = grow(this.firsts);
    }
    this.starts[k] = at;
    this.starts[k + 1] = end;
    this.firsts[k] = index;
    this.used = end;
    this.table[slot] = k;
    if (this.count * 2 > this.table.length) this.rehash();
    return EMPTY;
  }

  /** Room for `bytes` more in the arena (false past what a Uint32 offset can address). */
  private reserve(bytes: number): boolean {
    const need = this.used + bytes;
    if (need <= this.arena.length) return true;
    if (need > 0xffffffff) return false;
    let size = this.arena.length * 2;
    while (size < need) size *= 2;
    const next = new Uint8Array(Math.min(size, 0xffffffff));
    next.set(this.arena.subarray(0, this.used));
    this.arena = next;
    return true;
  }

  private equals(k: number, at: number, end: number): boolean {
    const start = this.starts[k]!;
    if (this.starts[k + 1]! - start !== end - at) return false;
    const arena = this.arena;
    for (let i = 0; i < end - at; i++) if (arena[start + i] !== arena[at + i]) return false;
    return true;
  }

  private rehash(): void {
    const table = new Int32Array(this.table.length * 2).fill(EMPTY);
    const mask = table.length - 1;
    for (let k = 0; k < this.count; k++) {
      let slot = hashBytes(this.arena, this.starts[k]!, this.starts[k + 1]!) & mask;
      while (table[slot] !== EMPTY) slot = (slot + 1) & mask;
      table[slot] = k;
    }
    this.table = table;
  }
}

function grow<T extends Uint32Array>(array: T): T {
  const next = new Uint32Array(array.length * 2) as T;
  next.set(array);
  return next;
}

function mapFirstOrAdd(map: Map<string, number>, name: string, index: number): number {
  const first = map.get(name);
  if (first !== undefined) return first;
  map.set(name, index);
  return EMPTY;
}

/** An exact name → first index map that stays small for millions of names. */
export class FirstIndex {
  private small: Map<string, number> | null = new Map();
  private compact: CompactIndex | null = null;

  constructor(private readonly compactAfter = COMPACT_AFTER) {}

  /** The index `name` was first added with, or -1 (and `name` is recorded with `index`). */
  firstOrAdd(name: string, index: number): number {
    if (this.small !== null) {
      const first = mapFirstOrAdd(this.small, name, index);
      if (first !== EMPTY || this.small.size <= this.compactAfter) return first;
      // Move to the compact index; insertion order keeps every first index.
      const compact = new CompactIndex();
      for (const [known, at] of this.small) compact.firstOrAdd(known, at);
      this.small = null;
      this.compact = compact;
      return EMPTY;
    }
    return this.compact!.firstOrAdd(name, index);
  }
}
