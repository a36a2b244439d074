// The JSON Schema of mcpdesc-validate.config.json, built from the option table. It is written to
// schemas/config.schema.json for editors (a test keeps the file equal to it) and compiled at build
// time into the validator the CLI checks a config file with (scripts/build-config-validator.ts).
import { configEntries } from './option-table.js';

/** Keys of a config file that are not one option's value. */
export const EXTRA_KEYS = {
  $schema: { type: 'string', description: 'For editors; ignored.' },
  patterns: {
    description: 'Inputs when the command line names none: files, directories, globs, !negated globs.',
    type: 'array',
    minItems: 1,
    items: { type: 'string', minLength: 1, not: { const: '-' } },
  },
} as const;

/** What a wrong value of a key that is no option's is told ("must be …"). */
export const EXTRA_EXPECT: Readonly<Record<string, string>> = {
  $schema: 'a string',
  patterns: 'a non-empty array of strings',
  rules: 'an object of rule ids and levels',
  formats: 'a non-empty array of strings',
};

/** `sarif` → `[sS][aA][rR][iI][fF]`: JSON Schema patterns have no flags. */
const caseless = (name: string) => name.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);

/**
 * The schema, for the catalogue's rule ids and the reporters' names (passed in: the CLI never loads
 * either just to read its options).
 */
export function configSchema(ruleIds: readonly string[], formatNames: readonly string[]) {
  const options = Object.fromEntries(
    configEntries().map(([key, entry]) => [
      key,
      { description: entry.config.description, ...entry.config.schema },
    ]),
  );
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'mcpdesc-validate.config.json',
    description:
      'Settings for mcpdesc-validate (docs/cli.md, "Config file"). The command line wins over every key. Relative paths are relative to this file\'s directory.',
    type: 'object',
    additionalProperties: false,
    properties: {
      ...EXTRA_KEYS,
      ...options,
      rules: {
        description: '--rule: rule id to level. --rule on the command line overrides the same id.',
        type: 'object',
        propertyNames: { enum: [...ruleIds].sort() },
        additionalProperties: { enum: ['off', 'info', 'warning', 'warn', 'error'] },
      },
      formats: {
        description:
          '-f: report formats, NAME or NAME=PATH; at most one without =PATH (stdout). Names in any case; compact is text, github-actions is github, codeclimate and code-climate are gitlab.',
        type: 'array',
        minItems: 1,
        items: {
          type: 'string',
          pattern: `^\\s*(${formatNames.map(caseless).join('|')})\\s*(=[\\s\\S]+)?$`,
        },
      },
    },
  };
}
