// Shared loading for the oracle tests: the upstream JSON Schemas (compiled here, at test time, with
// runtime Ajv draft-07 + ajv-formats, exactly as the reference tooling would), the real corpus, the
// 0.7.0 spec examples, and the list of deliberate differences in docs/differences.md.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse as parseYaml } from 'yaml';
import type { SpecVersion } from '../../src/types.js';
import type { DocumentReport } from '../../src/validation/engine.js';
import type { Rule } from '../../src/validation/rule.js';
import { STRUCTURAL_IDS } from '../unit/validation/structural/structural-ids.js';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as typeof addFormatsModule.default;

export const PROJECT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const SHARED = join(PROJECT, '../shared');
const CONTRACT = join(SHARED, 'spec/cisco-open+mcptoolkit-contract');

export interface UpstreamError {
  keyword: string;
  instancePath: string;
}
export type Oracle = (doc: unknown) => UpstreamError[];

/** The upstream schema of `version`, compiled with all errors (for the differences check). */
export function upstreamOracle(version: SpecVersion): Oracle {
  const schema = JSON.parse(readFileSync(join(CONTRACT, `schemas/mcp-description/${version}.json`), 'utf8'));
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  return (doc) =>
    validate(doc)
      ? []
      : (validate.errors ?? []).map((e) => ({ keyword: e.keyword, instancePath: e.instancePath }));
}

export interface CorpusDocument {
  file: string;
  doc: unknown;
}

/** The real documents: `corpus/real/<source>/*.json` (not index.json, the big dump or the registry). */
export function realCorpus(): CorpusDocument[] {
  const root = join(SHARED, 'corpus/real');
  const out: CorpusDocument[] = [];
  for (const source of readdirSync(root).sort()) {
    const dir = join(root, source);
    if (!statSync(dir).isDirectory()) continue;
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith('.json')) continue;
      out.push({ file: `${source}/${name}`, doc: JSON.parse(readFileSync(join(dir, name), 'utf8')) });
    }
  }
  return out;
}

/** The 0.7.0 spec examples (YAML 1.2, so dates stay strings). */
export function specExamples(): CorpusDocument[] {
  const dir = join(CONTRACT, 'spec/examples');
  return readdirSync(dir)
    .filter((n) => n.endsWith('.yaml'))
    .sort()
    .map((name) => ({
      file: `spec/examples/${name}`,
      doc: parseYaml(readFileSync(join(dir, name), 'utf8')),
    }));
}

/** The JSON block of spec §9.5 (a `{ "tools": [...] }` fragment). */
export function section95Tools(): unknown[] {
  const text = readFileSync(join(CONTRACT, 'spec/sections/09-tools.md'), 'utf8');
  const after = text.slice(text.indexOf('### 9.5'));
  const block = /```json\n([\s\S]*?)\n```/.exec(after);
  if (!block) throw new Error('no JSON block in §9.5');
  return (JSON.parse(block[1]!) as { tools: unknown[] }).tools;
}

export const sharedAvailable = (): boolean => existsSync(CONTRACT) && existsSync(join(SHARED, 'corpus/real'));

/** Structural rules: the ones with schema fragments plus the hand-written document-level checks. */
export function isStructural(rule: Rule): boolean {
  return STRUCTURAL_IDS.has(rule.id);
}

export function structuralErrors(report: DocumentReport, structuralIds: ReadonlySet<string>) {
  return report.diagnostics.filter((d) => d.severity === 'error' && structuralIds.has(d.ruleId));
}

/** docs/differences.md, and the entries it lists. */
export function differences(): {
  text: string;
  /** Rule ids with a "### `id` (§x)" heading: rules that reject what upstream accepts. */
  rules: Map<string, string>;
  /** `upstream-only: keyword /path/N/prefix` lines: upstream errors no structural rule reports. */
  upstreamOnly: Array<{ keyword: string; prefix: string }>;
} {
  const text = readFileSync(join(PROJECT, 'docs/differences.md'), 'utf8');
  const rules = new Map<string, string>();
  for (const m of text.matchAll(/^### `(mcpdesc\.[a-z0-9.-]+)` \(§([^)]+)\)/gm)) rules.set(m[1]!, m[2]!);
  const upstreamOnly = [...text.matchAll(/upstream-only: (\w+) (\S+)`/g)].map((m) => ({
    keyword: m[1]!,
    prefix: m[2]!,
  }));
  return { text, rules, upstreamOnly };
}

/** `/tools/12/inputSchema/type` → `/tools/N/inputSchema/type`. */
export function normalizePath(instancePath: string): string {
  return instancePath.replace(/\/\d+(?=\/|$)/g, '/N');
}
