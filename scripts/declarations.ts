// Build step: keep the type declarations the package's entry point needs, and only those. tsc emits a
// .d.ts beside every module of the program (tests and benches included); the package ships dist/src, so
// every declaration there would ship, including some that name files no package holds (a hand-written
// .d.ts that tsc does not copy). Walking from dist/src/index.d.ts keeps what `import … from
// 'mcpdesc-validate'` can reach, fails the build when one of those names a file that is not there or a
// package the package does not depend on, and removes the other declarations from dist/src.
// Runs after tsc, from dist/scripts/.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const distSrc = join(root, 'dist/src');
const entry = join(distSrc, 'index.d.ts');

/** `from '…'`, `import '…'`, `import('…')` and `/// <reference path="…" />` in a declaration file. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|<reference\s+path=)["']([^"']+)["']/g;

const { name, dependencies = {} } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  dependencies?: Record<string, string>;
};
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The declaration files `entry` reaches, or the reasons some of what it names cannot be shipped. */
function reachable(start: string): { files: Set<string>; problems: string[] } {
  const files = new Set<string>([start]);
  const problems: string[] = [];
  const queue = [start];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const spec = specifier!;
      const where = relative(root, file);
      if (!spec.startsWith('.')) {
        const pkg = packageName(spec);
        if (!builtins.has(spec) && pkg !== name && !Object.hasOwn(dependencies, pkg))
          problems.push(`${where} names ${spec}, which is not a dependency of the package`);
        continue;
      }
      const target = resolve(dirname(file), spec.replace(/\.js$/, '.d.ts'));
      if (!target.startsWith(`${distSrc}/`)) problems.push(`${where} names ${spec}, outside dist/src`);
      else if (!existsSync(target)) problems.push(`${where} names ${spec}, which has no declaration file`);
      else if (!files.has(target)) {
        files.add(target);
        queue.push(target);
      }
    }
  }
  return { files, problems };
}

function declarationsUnder(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) declarationsUnder(full, out);
    else if (entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const { files, problems } = reachable(entry);
if (problems.length > 0) {
  process.stderr.write(`declarations: the package's types would not resolve:\n  ${problems.join('\n  ')}\n`);
  process.exitCode = 1;
} else {
  let removed = 0;
  for (const file of declarationsUnder(distSrc)) {
    if (files.has(file)) continue;
    rmSync(file);
    removed++;
  }
  process.stderr.write(`declarations: ${files.size} shipped from dist/src/index.d.ts, ${removed} removed\n`);
}
