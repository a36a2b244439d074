// Build step: bundle the CLI and the worker entry into a few ES modules under dist/src/bundle/.
// Why: Node 20 resolves, reads and links each of the ~100 compiled modules one by one (it has no
// module compile cache), a large share of a single-file run's start-up.
// The bundle keeps the lazy parts lazy (reporters, YAML, JSON Lines, streaming, fan-out, subcommands:
// split into chunks loaded on demand) and leaves the unbundled tree in place for tests and the API.
// Runs after tsc and the validator generation, from dist/scripts/.
//
// Relative paths still work: every `import.meta.url` in a bundled module is replaced by the URL its
// original file had in dist/src, so `new URL('../compiled/…', import.meta.url)` keeps pointing at the
// generated validators and `package.json`. The one place that must point into the bundle instead is
// the worker entry (src/pool/runner.ts reads MCPDESC_BUNDLED_WORKER, defined only here).
import { readFile, rm } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const distSrc = join(dirname(fileURLToPath(import.meta.url)), '../src');
const outdir = join(distSrc, 'bundle');

/** Packages loaded at run time by path or by another package (piscina's own worker), or lazily. */
const EXTERNAL = ['piscina', 'ajv', 'ajv-formats', 'yaml', 'stream-json', 'stream-chain'].flatMap((p) => [
  p,
  `${p}/*`,
]);

const originalUrls: Plugin = {
  name: 'original-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /[\\/]dist[\\/]src[\\/].*\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return { contents: source, loader: 'js' };
      // The bundle's own location, plus the path back to the original file.
      const back = relative(outdir, args.path).split('\\').join('/');
      const url = `new URL(${JSON.stringify(back)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'js' };
    });
  },
};

await rm(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { cli: join(distSrc, 'cli/main.js'), worker: join(distSrc, 'worker/index.js') },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: EXTERNAL,
  chunkNames: 'chunk-[hash]',
  define: { MCPDESC_BUNDLED_WORKER: JSON.stringify('../bundle/worker.js') },
  // commander is CommonJS: its require() of node builtins needs a real require in an ES module.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module';\nconst require = __bundleRequire(import.meta.url);",
  },
  plugins: [originalUrls],
  // Stack traces and profiles should name the source files, not the bundle.
  sourcemap: 'linked',
  logLevel: 'warning',
  metafile: true,
});
const outputs = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
console.log(`bundle: ${outputs.length} modules in ${relative(process.cwd(), outdir)}`);
