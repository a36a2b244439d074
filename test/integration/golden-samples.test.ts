// Golden output of every report format for the CLI over the committed sample corpus: the run writing SARIF
// to stdout and NDJSON to a file spawns the real CLI, the others run main() in-process with the same
// arguments (its output is the same; the goldens hold the argv, so each run keeps its own).
// Only the volatile parts are normalized, each by a small named rule below; messages, pointers,
// lines/columns, rule ids and counts stay verbatim, so a changed finding shows up as a golden diff.
// UPDATE_GOLDEN=1 rewrites the goldens; review a rewrite in the diff like code, against
// corpus/samples-expected.json (the hand-written oracle, also checked below).
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { plural } from '../../src/reporting/output.js';
import { type CliResult, parseNdjson, REPO_ROOT, runCli, tempDir } from '../helpers/run-cli.js';
import { runMainAsCli } from '../helpers/run-main.js';
import { parseXml } from '../helpers/xml.js';

// biome-ignore lint/suspicious/noExplicitAny: parsed reports are checked field by field below
type Json = any;

const GOLDEN_DIR = join(REPO_ROOT, 'test/fixtures/golden/samples');
const SAMPLES = 'corpus/samples';
const TOOL_VERSION = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;
/** GitHub shows at most 10 annotations of each kind per step (src/reporting/github.ts). */
const GITHUB_CAP = 10;

// ---- normalizers: each replaces one kind of volatile value with a fixed placeholder ----

type Normalizer = (text: string) => string;

/** Absolute paths of this checkout and of the test's temp dir (they differ per machine and run). */
function pathsNormalizer(tmp: string): Normalizer {
  const repoUrl = pathToFileURL(REPO_ROOT).href;
  const tmpUrl = pathToFileURL(tmp).href;
  return (t) =>
    t
      .replaceAll(tmpUrl, '<tmp-url>')
      .replaceAll(tmp, '<tmp>')
      .replaceAll(repoUrl, '<cwd-url>')
      .replaceAll(REPO_ROOT, '<cwd>');
}

/**
 * A JSON member `"key":value` where value is a number or a string. Matching `{"key":` / `,"key":` only
 * (never `\"key\"`), so text inside a message that happens to look like the member is left alone.
 */
function jsonMember(key: string, placeholder: string): Normalizer {
  const re = new RegExp(`([{,]"${key}":)(?:-?[0-9][0-9.eE+-]*|"[^"\\\\]*")`, 'g');
  return (t) => t.replace(re, `$1"${placeholder}"`);
}

const jsonVolatile: Normalizer[] = [
  jsonMember('startedAt', '<timestamp>'),
  jsonMember('startTimeUtc', '<timestamp>'),
  jsonMember('durationMs', '<ms>'),
  jsonMember('wallMs', '<ms>'),
  jsonMember('peakRssBytes', '<bytes>'),
  jsonMember('node', '<node-version>'),
  jsonMember('platform', '<platform>'),
  // throughput is derived from the wall time: the whole object is volatile.
  (t) => t.replace(/([{,]"throughput":)\{[^{}]*\}/g, '$1"<throughput>"'),
  // The tool version, only where it is the tool's (run record and SARIF driver), not any "version" member.
  (t) =>
    t
      .replaceAll(
        `"tool":{"name":"mcpdesc-validate","version":"${TOOL_VERSION}"}`,
        '"tool":{"name":"mcpdesc-validate","version":"<version>"}',
      )
      .replaceAll(
        `"name":"mcpdesc-validate","version":"${TOOL_VERSION}","semanticVersion":"${TOOL_VERSION}"`,
        '"name":"mcpdesc-validate","version":"<version>","semanticVersion":"<version>"',
      ),
];

const junitVolatile: Normalizer[] = [
  (t) => t.replace(/ time="[0-9.]+"/g, ' time="<s>"'),
  (t) => t.replace(/ timestamp="[^"]+"/g, ' timestamp="<timestamp>"'),
  // The file reporter reserves room for the totals and pads what it does not use (its width varies
  // with the digits of the time).
  (t) => t.replace(/" +>\n/g, '">\n'),
  (t) => t.replace(/(Totals: [^<]* time=)[0-9.]+/g, '$1<s>'),
];

function normalize(text: string, normalizers: readonly Normalizer[]): string {
  return normalizers.reduce((t, n) => n(t), text);
}

function assertGolden(name: string, actual: string): void {
  const path = join(GOLDEN_DIR, name);
  if (process.env.UPDATE_GOLDEN === '1') {
    mkdirSync(GOLDEN_DIR, { recursive: true });
    writeFileSync(path, actual);
  }
  assert.equal(
    actual,
    readFileSync(path, 'utf8'),
    `${name} differs from its golden (UPDATE_GOLDEN=1 rewrites it)`,
  );
}

function sarifValidator() {
  // As in test/unit/reporting/sarif.test.ts: the vendored schema is draft-04, whose only draft-04-only
  // construct is the root `id`; one language-tag pattern is not a valid `u` regex.
  const schema = JSON.parse(
    readFileSync(join(REPO_ROOT, 'test/fixtures/sarif-schema/sarif-2.1.0-rtm.5.json'), 'utf8'),
  );
  delete schema.$schema;
  schema.$id = schema.id;
  delete schema.id;
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  (addFormatsModule as unknown as (a: Ajv) => void)(ajv);
  return ajv.compile(schema);
}

describe('golden output of every format over corpus/samples', () => {
  const tmp = tempDir('golden');
  const paths = pathsNormalizer(tmp.path);
  const runs = new Map<string, CliResult>();
  const base = [SAMPLES, '--concurrency', '0', '--fail-on', 'never'];
  const plan: Record<string, string[]> = {
    ndjson: ['-f', 'ndjson'],
    text: ['-f', 'text'],
    textCodeFrame: ['-f', 'text', '--code-frame'],
    stylish: ['-f', 'stylish'],
    stylishCodeFrame: ['-f', 'stylish', '--code-frame'],
    checkstyle: ['-f', 'checkstyle'],
    json: ['-f', 'json'],
    // The NDJSON of the same run, to compare SARIF's results with the diagnostics written.
    sarif: ['-f', 'sarif', '-f', `ndjson=${join(tmp.path, 'sarif-run.ndjson')}`],
    github: ['-f', 'github'],
    gitlab: ['-f', 'gitlab'],
    junit: ['-f', 'junit'],
    // To a file, so the reporter patches the totals into the root elements.
    junitFile: ['-f', `junit=${join(tmp.path, 'junit.xml')}`],
  };

  before(async () => {
    const spawned = runCli([...base, ...plan.sarif!], { cwd: REPO_ROOT });
    const results: Array<readonly [string, CliResult]> = [];
    for (const [name, args] of Object.entries(plan)) {
      if (name !== 'sarif') results.push([name, await runMainAsCli([...base, ...args], { cwd: REPO_ROOT })]);
    }
    results.push(['sarif', await spawned]);
    for (const [name, r] of results) {
      assert.equal(r.code, 0, `${name}: exit ${r.code}, stderr: ${r.stderr}`);
      runs.set(name, r);
    }
  });
  after(() => tmp.remove());

  const out = (name: string) => runs.get(name)!.stdout;

  it('ndjson', () => assertGolden('ndjson.ndjson', normalize(paths(out('ndjson')), jsonVolatile)));
  it('json', () => assertGolden('json.json', normalize(paths(out('json')), jsonVolatile)));
  it('sarif', () => assertGolden('sarif.sarif', normalize(paths(out('sarif')), jsonVolatile)));
  it('github', () => assertGolden('github.txt', out('github')));
  it('gitlab', () => assertGolden('gitlab.json', out('gitlab')));
  it('junit to stdout', () => assertGolden('junit.xml', normalize(out('junit'), junitVolatile)));
  it('junit to a file, with patched totals', () => {
    assert.equal(out('junitFile'), '', 'nothing on stdout when the only format goes to a file');
    const xml = readFileSync(join(tmp.path, 'junit.xml'), 'utf8');
    assertGolden('junit-file.xml', normalize(xml, junitVolatile));
  });
  it('text, without colour on a pipe', () => {
    assert.ok(!out('text').includes('\u001b'), 'no ANSI escapes when stdout is not a terminal');
    assertGolden('text.txt', paths(out('text')));
  });
  it('text with --code-frame', () => {
    assert.ok(!out('textCodeFrame').includes('\u001b'));
    assertGolden('text-code-frame.txt', paths(out('textCodeFrame')));
  });

  it('stylish, without colour on a pipe', () => {
    assert.ok(!out('stylish').includes('\u001b'));
    assertGolden('stylish.txt', paths(out('stylish')));
  });
  it('stylish with --code-frame', () =>
    assertGolden('stylish-code-frame.txt', paths(out('stylishCodeFrame'))));
  it('checkstyle', () => assertGolden('checkstyle.xml', out('checkstyle')));

  it('checkstyle lists exactly the diagnostics of the same run, each under its file', () => {
    const root = parseXml(out('checkstyle'));
    const entries = root.children.flatMap((f) =>
      f.children.map((e) => [
        f.attributes.name,
        e.attributes.source,
        Number(e.attributes.line),
        e.attributes.message,
      ]),
    );
    const diagnostics = runs.get('ndjson')!.records.filter((r) => r.type === 'diagnostic') as Json[];
    assert.deepEqual(
      entries,
      diagnostics.map((d) => [d.file, d.ruleId, d.line ?? 1, d.message]),
    );
    const files = runs.get('ndjson')!.records.filter((r) => r.type === 'file') as Json[];
    assert.deepEqual(
      root.children.map((f) => f.attributes.name),
      [...new Set(files.map((f) => f.file))],
      'every input checked has its file element, once',
    );
  });

  it('the normalizers leave findings intact: every NDJSON diagnostic survives verbatim', () => {
    const raw = runs.get('ndjson')!.records.filter((r) => r.type === 'diagnostic');
    const normalized = parseNdjson(normalize(paths(out('ndjson')), jsonVolatile)).filter(
      (r) => r.type === 'diagnostic',
    );
    assert.ok(raw.length > 0);
    assert.deepEqual(normalized, raw);
    // And the volatile values really were replaced (else the golden would be flaky, not strict).
    const lines = normalize(paths(out('ndjson')), jsonVolatile);
    assert.ok(!lines.includes(REPO_ROOT));
    assert.ok(!/"durationMs":[0-9]/.test(lines));
  });

  it('agrees with the hand-written oracle corpus/samples-expected.json', () => {
    interface Expect {
      status: string;
      rules: string[];
      exact: boolean;
    }
    const expected = (
      JSON.parse(readFileSync(join(REPO_ROOT, 'corpus/samples-expected.json'), 'utf8')) as {
        samples: Record<string, Expect & { documents?: Array<Expect & { line: number }> }>;
      }
    ).samples;
    const records = runs.get('ndjson')!.records;
    const key = (file: unknown, line: unknown) => `${String(file).slice(SAMPLES.length + 1)}#${line ?? ''}`;
    const rulesOf = new Map<string, Set<string>>();
    let pending: string[] = [];
    const statusOf = new Map<string, string>();
    for (const r of records) {
      if (r.type === 'diagnostic') pending.push(r.ruleId as string);
      if (r.type === 'file') {
        statusOf.set(key(r.file, r.line), r.status as string);
        rulesOf.set(key(r.file, r.line), new Set(pending));
        pending = [];
      }
    }
    const wanted = new Map<string, Expect>();
    for (const [file, e] of Object.entries(expected)) {
      if (e.documents) for (const d of e.documents) wanted.set(key(`${SAMPLES}/${file}`, d.line), d);
      else wanted.set(key(`${SAMPLES}/${file}`, undefined), e);
    }
    assert.deepEqual(
      [...statusOf.keys()].sort(),
      [...wanted.keys()].sort(),
      'one record per expected document',
    );
    for (const [k, e] of wanted) {
      assert.equal(statusOf.get(k), e.status, `${k} status`);
      const got = rulesOf.get(k)!;
      for (const rule of e.rules) assert.ok(got.has(rule), `${k} triggers ${rule}`);
      if (e.exact) assert.deepEqual([...got].sort(), [...e.rules].sort(), `${k} triggers only ${e.rules}`);
    }
  });

  it('SARIF lists exactly the diagnostics of the same run (below the cap)', () => {
    const log = JSON.parse(out('sarif')) as Json;
    const diagnostics = parseNdjson(readFileSync(join(tmp.path, 'sarif-run.ndjson'), 'utf8')).filter(
      (r) => r.type === 'diagnostic',
    );
    assert.equal(log.runs[0].properties.resultsOmitted, 0, 'the sample corpus is below the cap');
    assert.equal(log.runs[0].results.length, diagnostics.length);
    assert.deepEqual(
      log.runs[0].results.map((r: Json) => [
        r.ruleId,
        r.locations[0].physicalLocation.artifactLocation.uri,
        r.locations[0].physicalLocation.region.startLine,
        r.locations[0].physicalLocation.region.startColumn,
        r.message.text,
      ]),
      diagnostics.map((d) => [d.ruleId, d.file, d.line, d.column, d.message]),
    );
  });

  it('the SARIF log is valid against the SARIF 2.1.0 schema', () => {
    const validate = sarifValidator();
    const log = JSON.parse(out('sarif')) as Json;
    assert.equal(validate(log), true, JSON.stringify(validate.errors?.slice(0, 5)));
    // The schema must be able to say no, or the check above proves nothing.
    log.runs[0].results[0].level = 'fatal';
    assert.equal(validate(log), false);
  });

  it('github output stays within the annotation caps and says how many more there are', () => {
    const lines = out('github')
      .split('\n')
      .filter((l) => l !== '');
    const kinds = { error: 0, warning: 0, notice: 0 };
    for (const line of lines) {
      const kind = /^::(error|warning|notice)[ :]/.exec(line)?.[1] as keyof typeof kinds | undefined;
      assert.ok(kind, `every line is a workflow command: ${line}`);
      kinds[kind]++;
    }
    assert.ok(kinds.error <= GITHUB_CAP, `${kinds.error} ::error lines`);
    assert.ok(kinds.warning <= GITHUB_CAP, `${kinds.warning} ::warning lines`);
    assert.ok(kinds.notice <= GITHUB_CAP, `${kinds.notice} ::notice lines`);
    // The corpus has more errors and warnings than the cap, so the last line counts the rest.
    const summary = runs.get('ndjson')!.records.at(-1) as Json;
    const { error, warning, info } = summary.counts as { error: number; warning: number; info: number };
    assert.ok(
      error > GITHUB_CAP && warning > GITHUB_CAP,
      'the corpus exceeds the cap, or this proves little',
    );
    assert.equal(kinds.error, GITHUB_CAP);
    assert.equal(kinds.warning, GITHUB_CAP);
    // Info findings are annotated as notices below the cap too; the last notice is the count line.
    const infosShown = kinds.notice - 1;
    assert.equal(infosShown, Math.min(info, GITHUB_CAP));
    const rest = error + warning + info - 2 * GITHUB_CAP - infosShown;
    assert.match(
      lines.at(-1)!,
      new RegExp(
        `^::notice .*::${rest} more findings were not annotated \\(${plural(error - GITHUB_CAP, 'error')}, ${plural(warning - GITHUB_CAP, 'warning')}, ${plural(info - infosShown, 'info')}\\)`,
      ),
    );
  });

  it("gitlab lists exactly the diagnostics of the same run, with SARIF's fingerprints", () => {
    const issues = JSON.parse(out('gitlab')) as Json[];
    const diagnostics = runs.get('ndjson')!.records.filter((r) => r.type === 'diagnostic') as Json[];
    assert.deepEqual(
      issues.map((i) => [i.location.path, i.check_name, i.location.lines.begin, i.description]),
      diagnostics.map((d) => [d.file, d.ruleId, d.line ?? 1, d.message]),
    );
    const sarif = JSON.parse(out('sarif')) as Json;
    assert.deepEqual(
      issues.map((i) => i.fingerprint),
      sarif.runs[0].results.map((r: Json) => r.partialFingerprints['mcpdescPointer/v1']),
    );
  });
});
