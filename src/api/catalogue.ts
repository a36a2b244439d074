// rules(): the rule catalogue for code, so a registry can show its own rule pages. The entries are the
// ones `mcpdesc-validate rules --format json` lists, read from the rule modules themselves.
import { describeRule } from '../cli/rules-command.js';
import type { Level, Target } from '../types.js';
import { RULES } from '../validation/rules/index.js';

/** One rule of the catalogue. */
export interface RuleInfo {
  /** Stable id, `mcpdesc.<surface>.<aspect>`: a finding's `ruleId`, and the key of `ruleLevels`. */
  id: string;
  /** One line saying what the rule requires. */
  description: string;
  /** The section of the MCP Description specification it comes from, e.g. `9.1`. */
  specSection: string;
  /** The rule's documentation page: a finding's `docsUrl`. */
  docsUrl: string;
  /** Its level for documents of each version, and for the `0.9.0-rc.3` forward check (`target`). */
  levels: Record<Target, Level>;
  /** `element`: judges each tool, resource… on its own; `document`: across them (duplicate names…). */
  scope: 'element' | 'document';
  /** Runs whatever version the document declares, or none (syntax, root and version rules). */
  versionIndependent: boolean;
}

/** Every rule, in the order their findings come for the same place. A fresh copy on each call. */
export function rules(): RuleInfo[] {
  return RULES.map((rule) => {
    const info: RuleInfo = describeRule(rule);
    // Its own copy: the catalogue's table decides the levels the engine uses.
    info.levels = { ...rule.levels };
    return info;
  });
}
