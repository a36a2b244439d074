// The catalogue: every rule, in the order their diagnostics are produced for the same element.
// A rule file's name is its id; the catalogue test checks that every file is listed here.
import type { Rule } from '../rule.js';
import documentRootObject from './mcpdesc.document.root-object.js';
import documentSyntax from './mcpdesc.document.syntax.js';

export const RULES: readonly Rule[] = [documentSyntax, documentRootObject];

export function findRule(id: string): Rule | undefined {
  return RULES.find((rule) => rule.id === id);
}
