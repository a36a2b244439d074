// The source stays readable in pieces: no function over 150 lines, no file over 600 lines.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { REPO_ROOT } from '../../helpers/run-cli.js';

const MAX_FUNCTION_LINES = 150;
const MAX_FILE_LINES = 600;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.c?ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Functions (declarations, methods, arrows) with a body longer than `max` lines, as `file:line name (n)`. */
export function longFunctions(file: string, text: string, max: number): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      const lines = last - first + 1;
      const named = node.name ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name : undefined);
      const name = named?.getText(source) ?? '(anonymous)';
      if (lines > max) found.push(`${file}:${first + 1} ${name} (${lines})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('source sizes', () => {
  const files = sources(join(REPO_ROOT, 'src'));

  it('finds the sources', () => {
    assert.ok(files.length > 100, `${files.length} files`);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    const long = files.flatMap((f) => longFunctions(f, readFileSync(f, 'utf8'), MAX_FUNCTION_LINES));
    assert.deepEqual(long, []);
  });

  it(`has no file over ${MAX_FILE_LINES} lines`, () => {
    const long = files
      .map((f) => ({ f, lines: readFileSync(f, 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > MAX_FILE_LINES)
      .map(({ f, lines }) => `${f} (${lines})`);
    assert.deepEqual(long, []);
  });

  it('counts a long arrow function, a method and a declaration', () => {
    const body = Array.from({ length: 5 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = `function a() {\n${body}\n}\nconst b = () => {\n${body}\n};\nclass C {\n  m() {\n${body}\n  }\n}\n`;
    assert.deepEqual(
      longFunctions('x.ts', text, 5).map((s) => s.replace(/ \(\d+\)$/, '')),
      ['x.ts:1 a', 'x.ts:8 b', 'x.ts:16 m'],
    );
  });
});
