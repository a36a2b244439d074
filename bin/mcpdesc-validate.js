#!/usr/bin/env node
// Thin shim: all logic lives in the compiled CLI, bundled by `npm run build` (scripts/bundle.ts) so that
// a run loads a few modules instead of ~100. The V8 flags first: they must be in force before the
// worker and its code caches are loaded.
import { applyCliV8Flags } from './v8-flags.js';

applyCliV8Flags();
const { main } = await import('../dist/src/bundle/cli.js');
main(process.argv.slice(2));
