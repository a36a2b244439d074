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
//
// The worker is bundled apart, into one CommonJS module (worker-body.cjs) that its entry (worker.js,
// from scripts/worker-entry.ts) loads with a V8 code cache (scripts/build-code-cache.ts writes it):
// every thread loads the worker anew, and Node 20 caches no ES module's compiled code.
import { readFile, rm, writeFile } from 'node:fs/promises';
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

/** Rewrites `import.meta.url` to the original file's URL, from the bundle's own (ESM) or its folder (CJS). */
function originalUrls(format: 'esm' | 'cjs'): Plugin {
  return {
    name: 'original-import-meta-url',
    setup(b) {
      b.onLoad({ filter: /[\\/]dist[\\/]src[\\/].*\.js$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return { contents: source, loader: 'js' };
        // The bundle's own location, plus the path back to the original file.
        const back = JSON.stringify(relative(outdir, args.path).split('\\').join('/'));
        const url =
          format === 'esm'
            ? `new URL(${back}, import.meta.url).href`
            : `__bundleUrl.pathToFileURL(__bundlePath.join(__dirname, ${back})).href`;
        return { contents: source.replaceAll('import.meta.url', url), loader: 'js' };
      });
    },
  };
}

await rm(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { cli: join(distSrc, 'cli/main.js'), worker: join(distSrc, '../scripts/worker-entry.js') },
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
  plugins: [originalUrls('esm')],
  // Stack traces and profiles should name the source files, not the bundle.
  sourcemap: 'linked',
  logLevel: 'warning',
  metafile: true,
});
const body = await build({
  entryPoints: [join(distSrc, 'worker/index.js')],
  outfile: join(outdir, 'worker-body.cjs'),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: EXTERNAL,
  define: { MCPDESC_BUNDLED_WORKER: JSON.stringify('../bundle/worker.js') },
  // Names no module of ours uses, unlike `require`, which a module may shadow.
  banner: { js: "const __bundleUrl = require('node:url'), __bundlePath = require('node:path');" },
  plugins: [originalUrls('cjs')],
  sourcemap: 'linked',
  logLevel: 'warning',
  metafile: true,
});
// Its import() calls (of the packages and builtins it leaves external) go through the loader's
// `__bundleImport` (compiled-module.ts): a script's own import() fails once it comes from a code cache.
const bodyFile = join(outdir, 'worker-body.cjs');
const bodySource = await readFile(bodyFile, 'utf8');
await writeFile(bodyFile, bodySource.replace(/(?<![\w$.])import\((?=["'])/g, '__bundleImport('));
const outputs = [result, body].flatMap((r) =>
  Object.keys(r.metafile.outputs).filter((file) => /\.c?js$/.test(file)),
);
console.log(`bundle: ${outputs.length} modules in ${relative(process.cwd(), outdir)}`);
