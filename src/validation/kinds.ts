// Values kept per kind of document: what the engine and the fast path work out once for documents of
// one structural version, level column, root type and set of `--rule` levels, not per document.
import type { Level, SpecVersion, Target } from '../types.js';
import type { RootType } from './rule.js';

export interface Kind {
  rootType: RootType;
  version: SpecVersion | null;
  column: Target | null;
}

/**
 * A table by kind and `--rule` levels. The last kind looked up is kept at hand and compared field by
 * field (consecutive documents are mostly of one kind, and workers give every document of a task one
 * levels object): no string key is built per document.
 */
export class KindTable<T> {
  private readonly byKey = new Map<string, T>();
  private lastLevels: object | null = null;
  private lastKind: Kind | null = null;
  private lastValue: T | undefined;

  get(kind: Kind, ruleLevels: Readonly<Record<string, Level>>, make: () => T): T {
    const last = this.lastKind;
    if (
      last !== null &&
      this.lastLevels === ruleLevels &&
      last.rootType === kind.rootType &&
      last.version === kind.version &&
      last.column === kind.column
    ) {
      return this.lastValue as T;
    }
    let key = `${kind.rootType}|${kind.version}|${kind.column}`;
    for (const id of Object.keys(ruleLevels)) key += `|${id}=${ruleLevels[id]}`;
    let value = this.byKey.get(key);
    if (value === undefined) {
      value = make();
      this.byKey.set(key, value);
    }
    this.lastLevels = ruleLevels;
    this.lastKind = { rootType: kind.rootType, version: kind.version, column: kind.column };
    this.lastValue = value;
    return value;
  }
}
