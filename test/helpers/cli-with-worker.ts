// TEST ONLY. The CLI with another worker module: the one MCPDESC_VALIDATE_TEST_WORKER names (a path
// relative to the working directory). The shipped CLI (bin/mcpdesc-validate.js) reads no such variable:
// it never loads a module an environment names.
import { main } from '../../src/cli/main.js';

const named = process.env.MCPDESC_VALIDATE_TEST_WORKER;
main(process.argv.slice(2), named ? { workerUrl: new URL(named, `file://${process.cwd()}/`) } : {});
