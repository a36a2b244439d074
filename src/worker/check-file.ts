// MINIMAL stand-in for the worker helper's check-file.ts, written only so the pipeline can run before
// that branch is merged. It follows the contract (checkFile(job, options) → FileOutcome;
// checkBuffer(bytes, file, format, options) for stdin) and nothing more: whole-file JSON, JSON Lines
// split on '\n', YAML via `yaml`, gzip via zlib, no positions, no streaming. The merge takes the worker
// helper's version.
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import type { CheckOptions, DocumentResult, FileJob, FileOutcome, InputFormat } from '../types.js';
import { type DocumentReport, validateDocument } from '../validation/engine.js';

const SYNTAX_RULE = 'mcpdesc.document.syntax';

// `yaml` costs ~25 ms to load: only YAML inputs pay for it.
let parseYaml: ((text: string, options: { uniqueKeys: boolean }) => unknown) | null = null;
async function ensureYaml(format: InputFormat): Promise<void> {
  if (format === 'yaml' && parseYaml === null) parseYaml = (await import('yaml')).parse;
}

export function formatOf(name: string): InputFormat {
  const base = name.toLowerCase().replace(/\.gz$/, '');
  if (base.endsWith('.json')) return 'json';
  if (base.endsWith('.yaml') || base.endsWith('.yml')) return 'yaml';
  if (base.endsWith('.jsonl') || base.endsWith('.ndjson')) return 'jsonl';
  return 'json';
}

function syntaxReport(message: string): DocumentReport {
  return {
    mcpdesc: null,
    version: null,
    diagnostics: [
      {
        ruleId: SYNTAX_RULE,
        severity: 'error',
        message,
        pointer: '',
        path: [],
        specSection: '3.1',
        docsUrl: '',
      },
    ],
    byRule: { [SYNTAX_RULE]: 1 },
    errors: 1,
    warnings: 0,
    infos: 0,
    truncated: false,
    tools: 0,
  };
}

function checkValue(parse: () => unknown, options: CheckOptions): DocumentReport {
  let doc: unknown;
  try {
    doc = parse();
  } catch (error) {
    return syntaxReport(`Cannot parse the document: ${(error as Error).message}`);
  }
  return validateDocument(doc, {
    target: options.target,
    ruleLevels: options.ruleLevels,
    maxDiagnostics: options.maxDiagnosticsPerFile,
  });
}

function toResult(
  report: DocumentReport,
  base: { index: number; file: string; format: InputFormat; bytes: number; started: number },
): DocumentResult {
  return {
    index: base.index,
    file: base.file,
    status: report.errors > 0 ? 'invalid' : 'valid',
    format: base.format,
    bytes: base.bytes,
    mcpdesc: report.mcpdesc,
    errors: report.errors,
    warnings: report.warnings,
    infos: report.infos,
    tools: report.tools,
    durationMs: performance.now() - base.started,
    truncated: report.truncated,
    byRule: report.byRule,
    diagnostics: report.diagnostics,
  };
}

function checkBytes(
  index: number,
  bytes: Buffer,
  file: string,
  format: InputFormat,
  options: CheckOptions,
  started: number,
): DocumentResult[] {
  let data = bytes;
  let gzip = false;
  if (file.toLowerCase().endsWith('.gz')) {
    try {
      data = gunzipSync(bytes);
      gzip = true;
    } catch (error) {
      return [toResult(syntaxReport(`Cannot decompress: ${(error as Error).message}`), base())];
    }
  }
  function base() {
    return { index, file, format, bytes: bytes.length, started };
  }
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  const results: DocumentResult[] = [];
  if (format === 'jsonl') {
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (line.trim() === '') continue;
      const result = toResult(
        checkValue(() => JSON.parse(line), options),
        { ...base(), bytes: Buffer.byteLength(line) },
      );
      result.line = i + 1;
      results.push(result);
    }
  } else if (format === 'yaml') {
    results.push(
      toResult(
        checkValue(() => parseYaml!(text, { uniqueKeys: true }), options),
        base(),
      ),
    );
  } else {
    results.push(
      toResult(
        checkValue(() => JSON.parse(text), options),
        base(),
      ),
    );
  }
  if (gzip) for (const r of results) r.compression = 'gzip';
  return results;
}

export async function checkFile(job: FileJob, options: CheckOptions): Promise<FileOutcome> {
  const started = performance.now();
  const format = formatOf(job.file);
  const errorResult = (status: 'error' | 'skipped', code: string, message: string): FileOutcome => ({
    index: job.index,
    documents: [
      {
        ...toResult(validateDocument({}, undefined, []), {
          index: job.index,
          file: job.file,
          format,
          bytes: job.size,
          started,
        }),
        status,
        error: { code, message },
      },
    ],
  });
  if (job.size > options.maxFileSize) {
    return errorResult(
      'skipped',
      'too-large',
      `${job.size} bytes exceed --max-file-size ${options.maxFileSize}`,
    );
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(job.path);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    return errorResult('error', e.code ?? 'EIO', e.message);
  }
  await ensureYaml(format);
  return { index: job.index, documents: checkBytes(job.index, bytes, job.file, format, options, started) };
}

export async function checkBuffer(
  bytes: Buffer,
  file: string,
  format: InputFormat,
  options: CheckOptions,
): Promise<FileOutcome> {
  await ensureYaml(format);
  return { index: 0, documents: checkBytes(0, bytes, file, format, options, performance.now()) };
}
