#!/usr/bin/env node
// Thin shim: all logic lives in the compiled CLI so the bin never drifts from dist/.
import { main } from '../dist/src/cli/main.js';

main(process.argv.slice(2));
