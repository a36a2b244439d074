// A structural rule owns JSON Schema fragments: one per "part" it checks (the tool element, the
// transports member...), per spec version. Fragments are written in the rule files from the spec's
// tables; this module only names them and lists them for the build step and the loader.
import type { SpecVersion } from '../../types.js';
import { SPEC_VERSIONS } from '../../types.js';
import type { Rule } from '../rule.js';

/** A JSON Schema (draft-07 subset) as plain data. */
export type SchemaFragment = Readonly<Record<string, unknown>>;

/** The parts a rule checks in one version; absent parts (or null) are not checked in that version. */
export type FragmentSet = Readonly<Record<string, SchemaFragment>>;

export interface StructuralRule extends Rule {
  /** The rule's fragments for one version (null: the rule has nothing to check in that version). */
  fragments(version: SpecVersion): FragmentSet | null;
}

export function isStructuralRule(rule: Rule): rule is StructuralRule {
  return typeof (rule as Partial<StructuralRule>).fragments === 'function';
}

/** One fragment to compile, with the export name the loader finds it under. */
export interface FragmentEntry {
  ruleId: string;
  part: string;
  version: SpecVersion;
  /** Export name in the generated module; versions with an identical fragment share one. */
  exportName: string;
  schema: SchemaFragment;
}

/** The lookup key of a fragment: rule, part and version. */
export function fragmentKey(ruleId: string, part: string, version: SpecVersion): string {
  return `${ruleId}|${part}|${version}`;
}

/**
 * Every fragment of every structural rule, de-duplicated across versions (most fragments are the
 * same from 0.4.0 to 0.7.0, so the generated code holds ~1/4 of what six copies would).
 * Deterministic: the order of the catalogue, then of the versions, then of the parts.
 */
export function collectFragments(rules: readonly Rule[]): {
  entries: FragmentEntry[];
  manifest: Record<string, string>;
} {
  const entries: FragmentEntry[] = [];
  const manifest: Record<string, string> = {};
  const byJson = new Map<string, string>();
  for (const rule of rules) {
    if (!isStructuralRule(rule)) continue;
    for (const version of SPEC_VERSIONS) {
      const set = rule.fragments(version);
      if (!set) continue;
      for (const part of Object.keys(set)) {
        const schema = set[part]!;
        const json = `${rule.id}|${part}|${JSON.stringify(schema)}`;
        let exportName = byJson.get(json);
        if (exportName === undefined) {
          exportName = `v${byJson.size}_${rule.id.replace(/[^A-Za-z0-9]/g, '_')}_${part.replace(/[^A-Za-z0-9]/g, '_')}`;
          byJson.set(json, exportName);
          entries.push({ ruleId: rule.id, part, version, exportName, schema });
        }
        manifest[fragmentKey(rule.id, part, version)] = exportName;
      }
    }
  }
  return { entries, manifest };
}
