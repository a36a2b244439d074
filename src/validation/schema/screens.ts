// Which screen validators the build generates (scripts/build-validators.ts), and how the fast path
// finds them: per structural version (null: an unrecognized version or a non-object root), a module
// with the screens of the rules in force composed into one validator for each level column a document
// of that version can be checked under without `--rule` (one call per document), loaded on the first
// document of that version; and a module with each rule's own screen, loaded only when `--rule` levels
// put together a set of rules the first has no validator for.
import type { SpecVersion, Target } from '../../types.js';
import { SPEC_VERSIONS, TARGETS } from '../../types.js';
import { rulesInForce } from '../engine.js';
import type { Rule } from '../rule.js';
import { composeSchemas, factor, hoistResources } from './compose.js';
import type { SchemaFragment } from './fragment.js';

/** The export of a screen module naming its validators (`ScreenManifest`). */
export const SCREEN_MANIFEST = '__screens';

export interface ScreenManifest {
  /** The composed validator of a set of rules (`setKey`), when the build made one. */
  sets: Record<string, string>;
  /** Each rule's own screen validator, by rule id. */
  rules: Record<string, string>;
}

/** A screen validator to generate, under its export name. */
export interface ScreenEntry {
  exportName: string;
  schema: SchemaFragment;
}

export interface ScreenModule {
  version: SpecVersion | null;
  file: string;
  entries: ScreenEntry[];
  /** Schemas referred to by `$id` from the entries (added to the validator once each). */
  resources: SchemaFragment[];
  manifest: ScreenManifest;
}

/** The module of `version`'s composed screens, or (`rules`) of its rules' own. */
export function screenFile(version: SpecVersion | null, rules = false): string {
  return `screens-${version ?? 'unrecognized'}${rules ? '-rules' : ''}.cjs`;
}

/** The key of a set of rules, given their ids in catalogue order. */
export function setKey(ids: readonly string[]): string {
  return ids.join(',');
}

/** A rule's screen schema for `version` (null: the rule has none there). */
export function screenSchema(rule: Rule, version: SpecVersion | null): SchemaFragment | null {
  return rule.screen?.schema?.(version) ?? null;
}

/**
 * Whether the rule's screen covers documents of `version` under `column`. It must say how it covers
 * the rule (an empty one would claim the rule never reports) and not exclude them.
 */
export function screenCovers(rule: Rule, version: SpecVersion | null, column: Target | null): boolean {
  const screen = rule.screen;
  if (screen === undefined) return false;
  if (screen.parser !== true && screen.schema === undefined && screen.test === undefined) return false;
  return screen.covers === undefined || screen.covers(version, column);
}

/** The level columns a document of `version` can be checked under: its own, and the forward targets. */
function columnsOf(version: SpecVersion | null) {
  return [version, ...TARGETS.filter((target) => !(SPEC_VERSIONS as readonly string[]).includes(target))];
}

function exportName(prefix: string, id: string): string {
  return `${prefix}_${id.replace(/[^A-Za-z0-9]/g, '_')}`;
}

/** What one module generates: its entries with shared parts moved out, and the resources they refer to. */
function moduleOf(
  version: SpecVersion | null,
  file: string,
  schemas: ReadonlyArray<readonly [key: string, name: string, schema: SchemaFragment]>,
  manifest: ScreenManifest,
): ScreenModule {
  const resources = new Map<string, SchemaFragment>();
  const entries = schemas.map(([, exportName, schema]) => ({
    exportName,
    schema: factor(hoistResources(schema, resources)),
  }));
  return { version, file, entries, resources: [...resources.values()], manifest };
}

/**
 * Every screen module of a catalogue, two per version (composed sets, rules' own). Deterministic:
 * versions, then rules, in catalogue order.
 */
export function screenModules(rules: readonly Rule[]): ScreenModule[] {
  return [...SPEC_VERSIONS, null].flatMap((version) => {
    // Only version-independent rules run for an unrecognized version.
    const own = rules
      .filter((rule) => version !== null || rule.versionIndependent)
      .filter((rule) => columnsOf(version).some((column) => screenCovers(rule, version, column)))
      .map((rule) => [rule.id, exportName('rule', rule.id), screenSchema(rule, version)] as const)
      .filter((entry): entry is readonly [string, string, SchemaFragment] => entry[2] !== null);
    const schemas = new Map(own.map(([id, , schema]) => [id, schema]));
    const sets: Array<readonly [string, string, SchemaFragment]> = [];
    for (const column of columnsOf(version)) {
      const kind = { isObjectRoot: version !== null, version, column };
      const inForce = rulesInForce(rules, {}, kind);
      // A rule in force that its screen does not cover: the fast path refuses this column.
      if (inForce.some(({ rule }) => !screenCovers(rule, version, column))) continue;
      const ids = inForce.map(({ rule }) => rule.id).filter((id) => schemas.has(id));
      const key = setKey(ids);
      if (sets.some(([known]) => known === key)) continue;
      sets.push([key, `set_${sets.length}`, composeSchemas(ids.map((id) => schemas.get(id)!))]);
    }
    const setManifest = { sets: Object.fromEntries(sets.map(([key, name]) => [key, name])), rules: {} };
    const ruleManifest = { sets: {}, rules: Object.fromEntries(own.map(([id, name]) => [id, name])) };
    return [
      moduleOf(version, screenFile(version), sets, setManifest),
      moduleOf(version, screenFile(version, true), own, ruleManifest),
    ];
  });
}
