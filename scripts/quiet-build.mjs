// Runs a command with its output held back: one "building…" line on stderr, and what the command
// printed only when it fails (with its exit code). `npm start` builds through it, so a newcomer sees
// that something is happening rather than seconds of silence and then the build's own chatter.
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
if (command === undefined) {
  process.stderr.write('usage: node scripts/quiet-build.mjs COMMAND [ARGS...]\n');
  process.exit(2);
}
process.stderr.write('building… (npm run build)\n');
const child = spawn(command, args, {
  stdio: ['ignore', 'pipe', 'pipe'],
  shell: process.platform === 'win32',
});
const output = [];
child.stdout.on('data', (chunk) => output.push(chunk));
child.stderr.on('data', (chunk) => output.push(chunk));
child.on('error', (error) => {
  process.stderr.write(`${command}: ${error.message}\n`);
  process.exitCode = 2;
});
child.on('close', (code, signal) => {
  if (code === 0) return;
  process.stderr.write(Buffer.concat(output));
  process.exitCode = code ?? (signal ? 1 : 2);
});
