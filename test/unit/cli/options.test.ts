import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InvalidArgumentError } from 'commander';
import {
  parseBail,
  parseConcurrency,
  parseFailOn,
  parseFormat,
  parseMaxWarnings,
  parseNonNegativeInt,
  parsePositiveInt,
  parseRule,
  parseSize,
  parseStdinFilename,
  parseStdinFormat,
  parseTarget,
  resolveFormats,
  spellBail,
} from '../../../src/cli/options.js';
import { formatTable } from '../../../src/reporting/reporter-registry.js';

const invalid = (fn: () => unknown, message: RegExp) =>
  assert.throws(fn, (e: unknown) => e instanceof InvalidArgumentError && message.test(e.message));

describe('parseSize', () => {
  it('reads plain bytes, binary and decimal units', () => {
    assert.equal(parseSize('1048576'), 1048576);
    assert.equal(parseSize('64MiB'), 64 * 1024 * 1024);
    assert.equal(parseSize('64m'), 64 * 1024 * 1024);
    assert.equal(parseSize('512KB'), 512_000);
    assert.equal(parseSize('1.5GiB'), 1.5 * 1024 ** 3);
    assert.equal(parseSize('0'), 0);
  });
  it('refuses anything else, saying what it expects', () => {
    for (const bad of ['', 'x', '-1', '12 parsecs', '1e3', 'MiB'])
      invalid(() => parseSize(bad), /size in bytes/);
  });
});

describe('parseConcurrency', () => {
  it('accepts auto, off, 0 and counts', () => {
    assert.equal(parseConcurrency('auto'), 'auto');
    assert.equal(parseConcurrency('off'), 0);
    assert.equal(parseConcurrency('0'), 0);
    assert.equal(parseConcurrency('3'), 3);
  });
  it('refuses negative, fractional and absurd values', () => {
    for (const bad of ['-1', '1.5', 'many', '100000']) invalid(() => parseConcurrency(bad), /auto, 0/);
  });
});

describe('parseRule', () => {
  const known = new Set(['mcpdesc.tool.members', 'mcpdesc.a=b']);
  it('splits id=level and normalises warn', () => {
    assert.deepEqual(parseRule('mcpdesc.tool.members=off', known), ['mcpdesc.tool.members', 'off']);
    assert.deepEqual(parseRule('mcpdesc.tool.members=warn', known), ['mcpdesc.tool.members', 'warning']);
    assert.deepEqual(parseRule('mcpdesc.a=b=error', known), ['mcpdesc.a=b', 'error']);
  });
  it('names an unknown rule id', () => {
    invalid(() => parseRule('mcpdesc.nope=off', known), /Unknown rule id "mcpdesc.nope"/);
    invalid(
      () => parseRule('mcpdesc.tool.nmae-format=off', new Set([...known, 'mcpdesc.tool.name-format'])),
      /Unknown rule id "mcpdesc.tool.nmae-format"; did you mean "mcpdesc.tool.name-format"\?/,
    );
  });
  it('refuses a missing or unknown level', () => {
    invalid(() => parseRule('mcpdesc.tool.members', known), /off\|info\|warning\|error/);
    invalid(() => parseRule('mcpdesc.tool.members=loud', known), /off\|info\|warning\|error/);
    // Names Object.prototype has are no levels either.
    for (const word of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      invalid(() => parseRule(`mcpdesc.tool.members=${word}`, known), /off\|info\|warning\|error/);
    }
  });
});

describe('other option values', () => {
  it('fail-on, target and non-negative integers', () => {
    assert.equal(parseFailOn('warning'), 'warning');
    assert.equal(parseFailOn('warn'), 'warning', 'the spelling --rule accepts, and ESLint users type');
    assert.equal(parseFailOn('info'), 'info', 'a level --rule can set');
    invalid(() => parseFailOn('hint'), /error, warning, info, never \(or warn for warning\)/);
    assert.equal(parseTarget('0.9.0-rc.3'), '0.9.0-rc.3');
    invalid(() => parseTarget('0.9.0'), /0\.8\.0/);
    assert.equal(parseNonNegativeInt('0'), 0);
    invalid(() => parseNonNegativeInt('1.5'), /non-negative integer/);
    assert.equal(parsePositiveInt('512'), 512);
    invalid(() => parsePositiveInt('0'), /Expected a positive integer/);
    invalid(() => parsePositiveInt('abc'), /Expected a positive integer/);
  });

  it('stdin format: auto is sniffed by the worker', () => {
    assert.equal(parseStdinFormat('auto'), 'unknown');
    assert.equal(parseStdinFormat('yaml'), 'yaml');
    invalid(() => parseStdinFormat('xml'), /auto, json, yaml, jsonl/);
  });

  it('formats: name or name=path; one stdout format; default by terminal', () => {
    const formats = formatTable();
    assert.deepEqual(parseFormat('ndjson', formats), { name: 'ndjson', path: null });
    assert.deepEqual(parseFormat('text=out/report.txt', formats), { name: 'text', path: 'out/report.txt' });
    invalid(() => parseFormat('xml', formats), /checkstyle, github, gitlab, html, json, junit, ndjson/);
    invalid(() => parseFormat('text=', formats), /file path/);
    assert.deepEqual(resolveFormats([], true), [{ name: 'stylish', path: null }]);
    assert.deepEqual(resolveFormats([], false), [{ name: 'ndjson', path: null }]);
    invalid(
      () =>
        resolveFormats(
          [
            { name: 'text', path: null },
            { name: 'ndjson', path: null },
          ],
          false,
        ),
      /Only one --format/,
    );
  });

  it("formats: any case and other tools' names resolve to the format's own name", () => {
    const formats = formatTable();
    const own = (value: string) => parseFormat(value, formats);
    assert.deepEqual(own('SARIF'), { name: 'sarif', path: null });
    assert.deepEqual(own(' Stylish '), { name: 'stylish', path: null });
    assert.deepEqual(own('compact=out/report.txt'), { name: 'text', path: 'out/report.txt' });
    assert.deepEqual(own('github-actions'), { name: 'github', path: null });
    assert.deepEqual(own('GitHub-Actions'), { name: 'github', path: null });
    assert.deepEqual(own('codeclimate=gl.json'), { name: 'gitlab', path: 'gl.json' });
    assert.deepEqual(own('code-climate'), { name: 'gitlab', path: null });
    assert.deepEqual(own('Checkstyle=cs.xml'), { name: 'checkstyle', path: 'cs.xml' });
    // Only ASCII letters fold: the Kelvin sign lower-cases to `k` in JavaScript, but names no format.
    invalid(() => own('chec\u212Astyle'), /Expected one of/);
    invalid(() => own('constructor'), /Expected one of/);
    invalid(() => own('github_actions'), /Expected one of/);
  });
});

describe('the CI options carried over from ESLint, Spectral and flake8', () => {
  it('--max-warnings: a non-negative integer, -1 for no limit', () => {
    assert.equal(parseMaxWarnings('0'), 0);
    assert.equal(parseMaxWarnings('25'), 25);
    assert.equal(parseMaxWarnings('-1'), -1, 'no limit');
    invalid(() => parseMaxWarnings('-2'), /non-negative integer \(or -1 for no limit\)/);
    invalid(() => parseMaxWarnings('ten'), /non-negative integer/);
  });

  it('--bail: a positive integer, 1 when given bare', () => {
    assert.equal(parseBail(true), 1);
    assert.equal(parseBail('3'), 3);
    invalid(() => parseBail('0'), /positive integer/);
    invalid(() => parseBail('x'), /positive integer/);
  });

  it('spellBail: a number after --bail is its value, anything else an input; nothing after --', () => {
    assert.deepEqual(spellBail(['--bail', '3', 'reg']), ['--bail=3', 'reg']);
    assert.deepEqual(spellBail(['--bail', 'reg']), ['--bail=1', 'reg']);
    assert.deepEqual(spellBail(['reg', '--bail']), ['reg', '--bail=1']);
    assert.deepEqual(spellBail(['--bail=2', 'reg']), ['--bail=2', 'reg']);
    assert.deepEqual(spellBail(['--bail', '-q']), ['--bail=1', '-q']);
    assert.deepEqual(spellBail(['--', '--bail', '3']), ['--', '--bail', '3']);
  });

  it('--stdin-filename: written like a reported name; a directory-like name is refused', () => {
    assert.equal(parseStdinFilename('./reg/../reg/a.json'), 'reg/a.json');
    assert.equal(parseStdinFilename('/abs/a.yaml'), '/abs/a.yaml');
    for (const bad of ['', ' ', '.', 'reg/', '-']) invalid(() => parseStdinFilename(bad), /a file name/);
  });
});
