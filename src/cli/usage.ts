// One style for every usage error, as commander words its own: `error: …`, then where help is.
import { EXIT_FAILURE } from './exit-code.js';

/** The line after a usage error, for the main command (`command` absent) or a subcommand. */
export const tryHelp = (command?: string) =>
  `(run 'mcpdesc-validate${command ? ` ${command}` : ''} --help' for usage)`;

/** Writes a usage error to `err`; returns exit code 2. */
export function usageError(err: { write(text: string): unknown }, message: string, command?: string): number {
  err.write(`error: ${message}\n${tryHelp(command)}\n`);
  return EXIT_FAILURE;
}
