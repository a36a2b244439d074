// Shared by the semantic rule tests: run the catalogue (or one rule) over a document.
import type { Target } from '../../../../src/types.js';
import { validateDocument } from '../../../../src/validation/engine.js';
import { RULES } from '../../../../src/validation/rules/index.js';

export interface Options {
  target?: Target;
  maxDiagnostics?: number;
}

export function report(document: unknown, ruleId: string, options: Options = {}) {
  const rule = RULES.find((r) => r.id === ruleId);
  if (!rule) throw new Error(`no rule ${ruleId}`);
  return validateDocument(
    document,
    { target: options.target ?? null, ruleLevels: {}, maxDiagnostics: options.maxDiagnostics ?? 10_000 },
    [rule],
  );
}

/** `pointer severity` lines of one rule's diagnostics, in order. */
export function found(document: unknown, ruleId: string, options: Options = {}): string[] {
  return report(document, ruleId, options).diagnostics.map((d) => `${d.pointer} ${d.severity}`);
}

export function messages(document: unknown, ruleId: string, options: Options = {}): string[] {
  return report(document, ruleId, options).diagnostics.map((d) => d.message);
}

export function doc(members: Record<string, unknown> = {}, version = '0.7.0'): Record<string, unknown> {
  return {
    mcpdesc: version,
    info: { name: 'test-server', version: '1.0.0' },
    transports: [{ type: 'stdio', command: 'test-server' }],
    ...members,
  };
}

export const tool = (name: unknown, members: Record<string, unknown> = {}) => ({
  name,
  inputSchema: { type: 'object' },
  ...members,
});
