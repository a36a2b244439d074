#!/usr/bin/env node
// Thin shim: all logic lives in the compiled CLI, bundled by `npm run build` (scripts/bundle.ts) so that
// a run loads a few modules instead of ~100.
import { main } from '../dist/src/bundle/cli.js';

main(process.argv.slice(2));
