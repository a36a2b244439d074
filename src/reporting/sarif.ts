// SARIF 2.1.0 for code-scanning uploads (the subset GitHub reads). The log is streamed: results are
// written as documents arrive, one per line, and `tool.driver.rules`, the invocation and the run
// properties are written after them (JSON key order is irrelevant), so the log never sits in memory.
//
// GitHub limits (docs, "SARIF support for code scanning"): 25,000 results per run (only the top 5,000
// shown), 10 MB gzipped per upload. Past `maxResults` results are counted, not written, and the run
// says so in `run.properties` and in a warning notification of its invocation.
import { pathToFileURL } from 'node:url';
import {
  BAIL_SKIP_CODE,
  type DocumentResult,
  type Level,
  type LocatedDiagnostic,
  type Reporter,
  type RunRecord,
  type Severity,
  type SummaryRecord,
  type Target,
} from '../types.js';
import { docsUrl } from '../validation/docs.js';
import type { Rule } from '../validation/rule.js';
import { RULES } from '../validation/rules/index.js';
import { documentFingerprints, artifactUri as uriOf } from './fingerprint.js';
import {
  inputError,
  isQuietRun,
  type PathOptions,
  plural,
  repoRelative,
  unlistedCount,
  writeChunk,
} from './output.js';
import { reasonLines } from './reasons.js';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
export const GITHUB_MAX_RESULTS = 25_000;
export const INFORMATION_URI = 'https://github.com/mcpdesc-validate/mcpdesc-validate';
/** partialFingerprints key: versioned, so a change of the hashed fields can never match old alerts. */
export const FINGERPRINT_KEY = 'mcpdescPointer/v1';
/** File errors kept for the invocation's notifications; the rest are only counted. */
const MAX_FILE_NOTIFICATIONS = 100;

export interface SarifReporterOptions extends PathOptions {
  /** Results written at most (default 25,000, GitHub's per-run limit). */
  maxResults?: number;
  /** The rule catalogue to describe (default: RULES). */
  rules?: readonly Rule[];
}

type SarifLevel = 'error' | 'warning' | 'note' | 'none';

function sarifLevel(level: Level): SarifLevel {
  if (level === 'info') return 'note';
  if (level === 'off') return 'none';
  return level;
}

/** The tool's driver: its rules with their default levels and where their documentation is. */
function driverOf(run: RunRecord | null, rules: readonly Rule[]) {
  // Without --target a run may hold 0.7.0 and 0.8.0 documents: a rule is on by default when either
  // version's column has it on (0.7.0's level first: most published documents declare it).
  const target = (run?.target as Target | null) ?? null;
  const defaultLevel = (rule: (typeof rules)[number]) =>
    target !== null
      ? rule.levels[target]
      : rule.levels['0.7.0'] === 'off'
        ? rule.levels['0.8.0']
        : rule.levels['0.7.0'];
  return {
    name: run?.tool.name ?? 'mcpdesc-validate',
    ...(run ? { version: run.tool.version, semanticVersion: run.tool.version } : {}),
    informationUri: INFORMATION_URI,
    rules: rules.map((rule) => ({
      id: rule.id,
      shortDescription: { text: rule.description },
      fullDescription: {
        text: `${rule.description} (mcpdesc specification section ${rule.specSection})`,
      },
      helpUri: docsUrl(rule.id),
      defaultConfiguration: {
        level: sarifLevel(defaultLevel(rule) === 'off' ? 'warning' : defaultLevel(rule)),
        enabled: defaultLevel(rule) !== 'off',
      },
      properties: {
        specSection: rule.specSection,
        ...(rule.specSections ? { specSections: rule.specSections } : {}),
        levels: rule.levels,
      },
    })),
  };
}

export function createSarifReporter(
  out: NodeJS.WritableStream,
  options: SarifReporterOptions = {},
): Reporter {
  const rules = options.rules ?? RULES;
  const maxResults = options.maxResults ?? GITHUB_MAX_RESULTS;
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  let run: RunRecord | null = null;
  let written = 0;
  const omitted: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  let notListed = 0;
  const fileNotifications: unknown[] = [];
  let fileErrors = 0;

  return {
    async onStart(record) {
      run = record;
      await writeChunk(out, `{"$schema":"${SARIF_SCHEMA_URI}","version":"2.1.0","runs":[{"results":[`);
    },

    async onDocument(result: DocumentResult) {
      const uri = uriOf(repoRelative(result.file, options));
      const local = !uri.startsWith('file:');
      notListed += unlistedCount(result, isQuietRun(run ?? undefined));
      // The files --bail left get one notification at the end, not one each.
      if (
        (result.status === 'error' || result.status === 'skipped') &&
        result.error?.code !== BAIL_SKIP_CODE
      ) {
        fileErrors++;
        if (fileNotifications.length < MAX_FILE_NOTIFICATIONS) {
          fileNotifications.push(fileNotification(result, uri, local));
        }
      }
      const fingerprintOf = documentFingerprints(uri, result.line);
      let chunk = '';
      for (const d of result.diagnostics) {
        if (written >= maxResults) {
          omitted[d.severity]++;
          continue;
        }
        const sarifResult = sarifResultOf(d, result.line, fingerprintOf(d.ruleId, d.pointer), {
          uri,
          local,
          index: ruleIndex.get(d.ruleId),
        });
        chunk += `${written === 0 ? '\n' : ',\n'}${JSON.stringify(sarifResult)}`;
        written++;
      }
      await writeChunk(out, chunk);
    },

    async onEnd(summary: SummaryRecord) {
      const driver = driverOf(run, rules);
      const omittedTotal = omitted.error + omitted.warning + omitted.info;
      const notifications: unknown[] = [];
      if (omittedTotal > 0) {
        notifications.push({
          level: 'warning',
          message: {
            text:
              `Results were cut at ${maxResults} (GitHub code scanning accepts at most ${GITHUB_MAX_RESULTS} per run): ` +
              `${omittedTotal} more (${plural(omitted.error, 'error')}, ${plural(omitted.warning, 'warning')}, ${plural(omitted.info, 'note')}) are not in this log. ` +
              'Use the ndjson format for the complete list, or split the run with --shard.',
          },
        });
      }
      if (notListed > 0) {
        notifications.push({
          level: 'note',
          message: {
            text: `${notListed} findings beyond --max-diagnostics-per-file are counted in the summary but not listed.`,
          },
        });
      }
      notifications.push(...fileNotifications);
      if (fileErrors > fileNotifications.length) {
        notifications.push({
          level: 'warning',
          message: { text: `${fileErrors - fileNotifications.length} more files could not be checked.` },
        });
      }
      // Why the run did not pass, where no result or file notification says it already.
      for (const reason of reasonLines(summary)) {
        if (reason.kind === 'findings' || reason.kind === 'unreadable') continue;
        notifications.push({ level: reason.fails ? 'error' : 'warning', message: { text: reason.text } });
      }
      const invocation = {
        executionSuccessful: summary.exitCode !== 2 && !summary.aborted,
        exitCode: summary.exitCode,
        ...(run
          ? { startTimeUtc: run.startedAt, commandLine: ['mcpdesc-validate', ...run.argv].join(' ') }
          : {}),
        ...(notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}),
      };
      const root = options.root ?? options.cwd ?? process.cwd();
      const shard = run?.shard ?? null;
      const tail = {
        // Each shard is uploaded on its own: GitHub keeps one analysis per tool and category, so shards
        // need distinct categories or each upload would replace the previous shard's alerts.
        ...(shard
          ? { automationDetails: { id: `mcpdesc-validate/shard-${shard.index}-of-${shard.count}/` } }
          : {}),
        tool: { driver },
        invocations: [invocation],
        originalUriBaseIds: { '%SRCROOT%': { uri: `${pathToFileURL(root).href.replace(/\/$/, '')}/` } },
        properties: {
          resultsWritten: written,
          resultsOmitted: omittedTotal,
          truncated: omittedTotal > 0,
          findingsNotListed: notListed,
          counts: summary.counts,
          files: summary.files,
          aborted: summary.aborted,
          // --stats: the summary's phases and per-rule time (SARIF has no place of its own for them).
          ...(summary.stats ? { stats: summary.stats } : {}),
        },
      };
      // `tail` is an object literal: its JSON minus the braces is the rest of the run object.
      await writeChunk(out, `${written > 0 ? '\n' : ''}],${JSON.stringify(tail).slice(1, -1)}}]}\n`);
    },
  };
}

function fileNotification(result: DocumentResult, uri: string, local: boolean) {
  const what = result.status === 'error' ? 'could not be checked' : 'was skipped';
  const reason = result.error ? `: ${inputError(result.error)}` : '';
  return {
    level: result.status === 'error' ? 'error' : 'warning',
    message: { text: `${result.file}${result.line === undefined ? '' : `:${result.line}`} ${what}${reason}` },
    locations: [
      { physicalLocation: { artifactLocation: local ? { uri, uriBaseId: '%SRCROOT%' } : { uri } } },
    ],
  };
}

/** One finding as a SARIF result, located in its artifact (`local`: under %SRCROOT%). */
function sarifResultOf(
  d: LocatedDiagnostic,
  documentLine: number | undefined,
  fingerprint: string,
  where: { uri: string; local: boolean; index: number | undefined },
) {
  const line = d.line ?? documentLine;
  const { uri, local, index } = where;
  return {
    ruleId: d.ruleId,
    ...(index === undefined ? {} : { ruleIndex: index }),
    level: sarifLevel(d.severity),
    message: { text: d.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: local ? { uri, uriBaseId: '%SRCROOT%' } : { uri },
          // GitHub requires a region; an unplaced finding points at the document's first line.
          region: {
            startLine: line ?? 1,
            ...(d.line !== undefined && d.column !== undefined ? { startColumn: d.column } : {}),
            // End-exclusive, as our endColumn (SARIF 2.1.0 §3.30.6: the character after the region).
            ...(d.line !== undefined && d.endLine !== undefined && d.endColumn !== undefined
              ? { endLine: d.endLine, endColumn: d.endColumn }
              : {}),
          },
        },
        logicalLocations: [{ fullyQualifiedName: d.pointer === '' ? '/' : d.pointer, kind: 'element' }],
      },
    ],
    partialFingerprints: { [FINGERPRINT_KEY]: fingerprint },
    // --baseline: an accepted finding, suppressed outside the source (SARIF 2.1.0 §3.35).
    ...(d.suppressed ? { suppressions: [{ kind: 'external' }] } : {}),
    properties: { pointer: d.pointer, specSection: d.specSection },
  };
}
