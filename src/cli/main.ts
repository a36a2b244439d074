// Composition root: argv → options → discovery → pool → reporters. Filled in by the pipeline work.
export async function main(argv: string[]): Promise<void> {
  process.stderr.write(`mcpdesc-validate: not implemented yet (${argv.length} arguments)\n`);
  process.exitCode = 2;
}
