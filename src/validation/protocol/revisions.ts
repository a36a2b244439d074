// The MCP protocol revisions an mcpdesc 0.8.0 document may describe (§4.9), and protocol scopes as
// bit sets over them: a declaration's effective scope is its own `protocolVersions` or its parent's
// (§4.10), and every revision-dependent check asks which revisions of that set define something.
import { isObject } from '../json-schema/values.js';

export const REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;
export type Revision = (typeof REVISIONS)[number];

/** A set of revisions, one bit per REVISIONS entry (bit 0: 2024-11-05). */
export type Scope = number;

export const NO_REVISIONS: Scope = 0;
export const ALL_REVISIONS: Scope = (1 << REVISIONS.length) - 1;

const BITS: ReadonlyMap<string, Scope> = new Map(REVISIONS.map((r, i) => [r, 1 << i]));

export function revisionBit(revision: Revision): Scope {
  return BITS.get(revision)!;
}

/** `revision` and every later one. */
export function since(revision: Revision): Scope {
  return ALL_REVISIONS & ~(revisionBit(revision) - 1);
}

/** Every revision before `revision`. */
export function before(revision: Revision): Scope {
  return revisionBit(revision) - 1;
}

export function only(...revisions: Revision[]): Scope {
  let scope = NO_REVISIONS;
  for (const r of revisions) scope |= revisionBit(r);
  return scope;
}

/**
 * MCP 2024-11-05 and 2025-03-26 keep the legacy compatibility treatment (§16.2): structural and
 * selected sound checks only, with a warning that validation is incomplete.
 */
export const LEGACY: Scope = before('2025-06-18');
/** The revisions whose Tool schemas have a JSON Schema dialect (2020-12 by default, §9.2). */
export const DIALECT_REVISIONS: Scope = since('2025-11-25');

/** The known revisions a `protocolVersions` value lists (unknown entries are a structural finding). */
export function scopeOf(value: unknown): Scope {
  if (!Array.isArray(value)) return NO_REVISIONS;
  let scope = NO_REVISIONS;
  for (const entry of value) {
    if (typeof entry === 'string') scope |= BITS.get(entry) ?? 0;
  }
  return scope;
}

/** `protocolVersions` of a declaration object when it has the member, else undefined. */
export function explicitScope(declaration: unknown): Scope | undefined {
  if (!isObject(declaration) || !Object.hasOwn(declaration, 'protocolVersions')) return undefined;
  return scopeOf(declaration.protocolVersions);
}

/**
 * A declaration's effective scope (§4.10): its own `protocolVersions` when present, its parent's
 * otherwise. An explicit scope reaching outside its parent is mcpdesc.protocol.scope-subset's finding;
 * the checks of what the declaration may use look at the part inside the parent only.
 */
export function effectiveScope(declaration: unknown, parent: Scope): Scope {
  const own = explicitScope(declaration);
  return own === undefined ? parent : own & parent;
}

export function revisionsIn(scope: Scope): Revision[] {
  return REVISIONS.filter((_, i) => (scope & (1 << i)) !== 0);
}

/** `MCP 2025-11-25`, `MCP 2024-11-05 and 2025-03-26`, `MCP 2024-11-05, 2025-03-26 and 2025-06-18`. */
export function describeScope(scope: Scope): string {
  const list = revisionsIn(scope);
  if (list.length <= 1) return `MCP ${list[0] ?? '(none)'}`;
  return `MCP ${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}
