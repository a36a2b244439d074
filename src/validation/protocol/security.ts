// Security Requirement Arrays and the named schemes they reference (§7.1–§7.3), for the rules that
// relate the two. Requirements sit at the root, on transports and on primitives; `securitySchemes` may
// come before or after them (protocol/after-member.ts).
import type { PathSegment } from '../../types.js';
import { isObject } from '../json-schema/values.js';
import type { RuleVisitor } from '../rule.js';
import { AfterMember } from './after-member.js';

/** One scheme named by one Security Requirement Object. */
export interface RequirementUse {
  /** Where the scheme name is: `[...base, alternative, name]`. */
  path: PathSegment[];
  scheme: string;
  /** The scope array (checked structurally elsewhere: only arrays of strings are looked into). */
  scopes: unknown;
}

/** Every scheme name of a Security Requirement Array at `base`. */
export function requirementUses(security: unknown, base: readonly PathSegment[]): RequirementUse[] {
  const uses: RequirementUse[] = [];
  if (!Array.isArray(security)) return uses;
  security.forEach((requirement: unknown, i) => {
    if (!isObject(requirement)) return;
    for (const scheme of Object.keys(requirement)) {
      uses.push({ path: [...base, i, scheme], scheme, scopes: requirement[scheme] });
    }
  });
  return uses;
}

/** The requirement uses of the transports member: each transport's own `security`. */
export function transportUses(transports: unknown): RequirementUse[] {
  const uses: RequirementUse[] = [];
  if (!Array.isArray(transports)) return uses;
  transports.forEach((transport: unknown, i) => {
    if (isObject(transport) && Object.hasOwn(transport, 'security')) {
      uses.push(...requirementUses(transport.security, ['transports', i, 'security']));
    }
  });
  return uses;
}

/** A named scheme as the requirement rules see it. */
export interface SchemeFacts {
  type: unknown;
  /** OAuth2: every scope a flow's catalogue lists. */
  catalogue: ReadonlySet<string>;
}

/** The document's `securitySchemes`, by name (own members only). */
export class Schemes {
  private readonly byName = new Map<string, SchemeFacts>();

  constructor(value: unknown) {
    if (!isObject(value)) return;
    for (const name of Object.keys(value)) {
      const scheme = value[name];
      const catalogue = new Set<string>();
      if (isObject(scheme) && isObject(scheme.flows)) {
        for (const flow of Object.values(scheme.flows)) {
          if (isObject(flow) && isObject(flow.scopes))
            for (const scope of Object.keys(flow.scopes)) catalogue.add(scope);
        }
      }
      this.byName.set(name, { type: isObject(scheme) ? scheme.type : undefined, catalogue });
    }
  }

  get(name: string): SchemeFacts | undefined {
    return this.byName.get(name);
  }
}

export class AfterSchemes extends AfterMember<Schemes> {
  constructor() {
    super('securitySchemes', (value) => new Schemes(value));
  }
}

/** The requirement uses of a primitive's own `security` (what document-scoped rules project). */
export function primitiveUses(collection: string, value: unknown): RequirementUse[] | undefined {
  if (collection === 'tags' || !isObject(value) || !Object.hasOwn(value, 'security')) return undefined;
  const uses = requirementUses(value.security, ['security']);
  return uses.length > 0 ? uses : undefined;
}

/**
 * The visitor of a rule that judges each scheme a requirement names against `securitySchemes`: root and
 * transport requirements as members, primitives' as projected elements (`primitiveUses`), each checked
 * once the schemes are known.
 */
export function requirementVisitor(
  check: (schemes: Schemes, use: RequirementUse, base: readonly PathSegment[]) => void,
): RuleVisitor {
  const after = new AfterSchemes();
  const each = (uses: readonly RequirementUse[], base: readonly PathSegment[]) => {
    if (uses.length === 0) return;
    after.run((schemes) => {
      for (const use of uses) check(schemes, use, base);
    });
  };
  return {
    start() {
      after.reset();
    },
    member(key, value) {
      if (key === 'security') each(requirementUses(value, ['security']), []);
      else if (key === 'transports') each(transportUses(value), []);
      after.member(key, value);
    },
    element(collection, index, uses) {
      if (Array.isArray(uses)) each(uses as RequirementUse[], [collection, index]);
    },
    finish() {
      after.finish();
    },
  };
}
