// Streamed checking of one huge JSON document in constant memory. The header (`mcpdesc`, root
// `tags`, wherever they are: spec §3.4) comes first: guessed from both ends of the file (the tail probe)
// and confirmed by the main pass, or from a full pre-pass over depth-1 members when the guess cannot be
// made or turns out wrong. Then the element splitter hands each root member and each collection element
// to JSON.parse and to the validator through the same member/element/collectionEnd/finish calls that
// `validateDocument` makes for a parsed document, so both modes give the same diagnostics. Positions
// come from each slice's base position plus the offset inside the slice; findings about earlier
// elements (document-scoped rules) are placed by a second, cheap scan only when there are such findings.
import { safeMessage } from '../parsing/finding.js';
import {
  findJsonSyntaxError,
  syntaxFinding,
  syntaxWidth,
  type Within,
  wordSyntaxError,
} from '../parsing/json-scan.js';
import { type Position, positionFrom } from '../parsing/position.js';
import {
  DEFAULT_MAX_ELEMENT_BYTES,
  DEFAULT_SPLIT_KEYS,
  type SlicePosition,
  type SplitEvent,
  Splitter,
} from '../parsing/splitter.js';
import { invalidUtf8Message } from '../parsing/utf8.js';
import type { DocumentResult, FileJob, FileOutcome, LocatedDiagnostic, PathSegment } from '../types.js';
import {
  addDiagnostic,
  createDocumentValidator,
  DEFAULT_ENGINE_OPTIONS,
  type DocumentHeader,
  type DocumentReport,
  type DocumentValidator,
  type ElementOutcome,
  type EngineOptions,
  validateDocument,
} from '../validation/engine.js';
import { ruleDiagnostic } from '../validation/report.js';
import { type CollectionKey, isCollectionKey } from '../validation/rule.js';
import { findRule } from '../validation/rules/index.js';
import { BOM_MESSAGE } from './check-bytes.js';
import { DuplicateWatch, duplicateDiagnostic, type FoundDuplicate } from './duplicate-keys.js';
import { failureFor } from './failures.js';
import { HeapRoomError, parseWouldExhaustHeap } from './heap-room.js';
import { engineOptions, placed, type ResultBase, withLeading } from './results.js';
import { placeInSlice, type SliceRef, sliceKey, startsWith } from './slice-place.js';
import { clockFor, type PhaseClock, timedEngine, timedValidator } from './stats.js';
import {
  type ChunkSource,
  findInvalidUtf8,
  guessHeader,
  type HeaderGuess,
  readChunks,
  readHeader,
  type StreamCheckOptions,
} from './stream-source.js';

export { placeInSlice, type SliceRef } from './slice-place.js';
export {
  type ChunkSource,
  guessHeader,
  type HeaderGuess,
  readChunks,
  readHeader,
  type StreamCheckOptions,
  type StreamOptions,
} from './stream-source.js';

export const SYNTAX_RULE = 'mcpdesc.document.syntax';
const BOM_RULE = 'mcpdesc.document.bom';

/**
 * A header value as text, to compare a guessed header with the main pass's; null when it is too deep
 * to serialize (a hostile `mcpdesc` nested 100,000 deep overflows JSON.stringify's stack). Null never
 * confirms: the check starts over with the full pre-pass's header, which needs no comparison.
 */
function comparableJson(value: unknown): string | null {
  try {
    return JSON.stringify(value);
  } catch {
    return null;
  }
}

/**
 * The document-level state of one streamed check: the validator, the header, the positions of the root
 * and of the collections, and the first fatal finding. The single-thread check and the fan-out both
 * drive it; only where elements are parsed and checked differs.
 */
export class StreamedDocument {
  readonly validator: DocumentValidator;
  readonly engineOptions: EngineOptions;
  /** `--stats`: the document's phases (validation timed call by call, placing and reading too). */
  readonly clock: PhaseClock | null;
  /** The document stopped at malformed input. */
  private stopped = false;
  /** Its finding (null when the syntax rule is switched off). */
  private fatal: LocatedDiagnostic | null = null;
  private readonly extras: LocatedDiagnostic[] = [];
  private root: SlicePosition = { offset: 0, line: 1, column: 1 };
  /** Where the root value ends (the splitter's 'end' event), for the spans of findings at the root. */
  private rootEnd: SlicePosition | null = null;
  /** Findings placed at the root or a collection, waiting for its end (`endSpans`). */
  private readonly openEnds: Array<[LocatedDiagnostic, string | null]> = [];
  private readonly collections = new Map<
    string,
    SlicePosition & { keyAt: SlicePosition | null; end?: SlicePosition }
  >();
  private bom = false;
  /** How many of the validator's diagnostics have been offered a position. */
  private offered = 0;
  /** Duplicate member names: once one is found, slices are still parsed (a syntax error wins, as in
   * whole-file mode) but no longer validated. */
  private readonly duplicates = new DuplicateWatch();

  // What the main pass saw of the header's members, to confirm a speculative header.
  private seenMcpdesc = false;
  private lastMcpdesc: string | null | undefined;
  private tagsSeen: 'absent' | 'member' | 'array' = 'absent';
  private tagsMember: string | null | undefined;
  private tagsMatch = true;
  private seenProtocolVersions = false;
  private lastProtocolVersions: string | null | undefined;

  constructor(
    readonly header: DocumentHeader,
    readonly options: StreamCheckOptions,
    /** The header is a guess (`guessHeader`): record what the header members really are. */
    readonly speculative = false,
  ) {
    this.engineOptions = engineOptions(options);
    this.clock = clockFor(options);
    const engine =
      this.clock === null ? this.engineOptions : timedEngine(this.engineOptions, this.clock.rules);
    const validator = createDocumentValidator(header, engine, options.rules);
    this.validator = this.clock === null ? validator : timedValidator(validator, this.clock);
  }

  get failed(): boolean {
    return this.stopped;
  }

  /**
   * Record a fatal syntax finding at `pos`, its span ending at `end` (the first one wins; the document
   * stops there).
   */
  fail(message: string, pos: Position, end: Position): void {
    if (this.stopped) return;
    // A rule switched off still stops the document: there is nothing valid to check after it.
    this.stopped = true;
    // Escaped and capped as whole-file mode's parser findings are (results.ts findingDiagnostic).
    const d = ruleDiagnostic(SYNTAX_RULE, safeMessage(message), this.engineOptions);
    this.fatal = d ? { ...d, ...placed(pos, end) } : null;
  }

  /**
   * A syntax finding at `offset` of a slice's text, spanning the character there as whole-file mode
   * does (`more`: input follows the slice).
   */
  private failInText(message: string, base: Position, text: string, offset: number, more: boolean): void {
    const start = positionFrom(base, text, offset);
    const end = { line: start.line, column: start.column + syntaxWidth(text, offset, more) };
    this.fail(message, start, end);
  }

  /**
   * Parse a slice; on failure, the document fails at the first bad character. `within`: the container
   * the slice sits in (what may follow its value: `{"x": 01}` is worded as in the whole text); `more`:
   * input follows the slice (all but a root scalar at the end of input).
   */
  parse(
    bytes: Buffer,
    base: SlicePosition,
    within: Within,
    more = true,
  ): { value: unknown; text: string } | null {
    const text = bytes.toString('utf8');
    const heavy = parseWouldExhaustHeap(text);
    // Thrown: the file's error record (checkStreamed's catch), as when Node ends a worker over its limit.
    if (heavy) throw new HeapRoomError(`the value at line ${base.line}, column ${base.column}: ${heavy}`);
    try {
      return { value: JSON.parse(text), text };
    } catch (thrown) {
      const error = syntaxFinding(text, (thrown as Error).message, within, more);
      this.failInText(error.message, base, text, error.offset, more);
      return null;
    }
  }

  /** Handle a splitter event other than a collection element; false once the document failed. */
  event(e: SplitEvent): boolean {
    switch (e.type) {
      case 'bom':
        this.bom = true;
        break;
      case 'root':
        this.root = e;
        break;
      case 'collectionStart':
        if (e.key !== null && e.keyAt) this.duplicates.rootName(e.key, e.keyAt, e.keyEnd ?? e.keyAt);
        if (this.duplicates.found) break;
        if (e.key !== null) this.collections.set(e.key, e);
        if (e.key === 'tags') {
          this.tagsSeen = 'array';
          this.tagsMatch = Array.isArray(this.header.tags);
        }
        break;
      case 'member': {
        if (e.key !== null && e.keyAt) this.duplicates.rootName(e.key, e.keyAt, e.keyEnd ?? e.keyAt);
        const parsed = this.parse(e.bytes, e, e.key === null ? null : 'object', e.last !== true);
        if (!parsed) return false;
        this.duplicates.slice(parsed.text, parsed.value, e.key === null ? [] : [e.key], e, e.members);
        if (e.key !== null && !this.duplicates.found) {
          if (e.key === 'mcpdesc') {
            this.seenMcpdesc = true;
            if (this.speculative) this.lastMcpdesc = comparableJson(parsed.value);
          } else if (e.key === 'tags') {
            this.tagsSeen = 'member';
            if (this.speculative) this.tagsMember = comparableJson(parsed.value);
          } else if (e.key === 'protocolVersions') {
            this.seenProtocolVersions = true;
            if (this.speculative) this.lastProtocolVersions = comparableJson(parsed.value);
          }
          this.validator.member(e.key, parsed.value);
          this.placeNew({ path: [e.key], base: e, keyAt: e.keyAt }, parsed.text);
        }
        break;
      }
      case 'collectionEnd':
        if (this.duplicates.found) break;
        if (e.key !== null) {
          const start = this.collections.get(e.key);
          if (start) start.end = e.end;
        }
        if (e.key === 'tags' && (!Array.isArray(this.header.tags) || e.length !== this.header.tags.length)) {
          this.tagsMatch = false;
        }
        if (e.key !== null && isCollectionKey(e.key)) {
          this.validator.collectionEnd(e.key, e.length);
          this.placeNew(null, '');
        }
        break;
      case 'oversize': {
        // Not parsed, but its name is a root name like any other (a repeat of it must still be found).
        if (e.key !== null && e.keyAt) this.duplicates.rootName(e.key, e.keyAt, e.keyEnd ?? e.keyAt);
        const path: PathSegment[] = e.key === null ? [] : e.index === null ? [e.key] : [e.key, e.index];
        const what = path.length === 0 ? 'The document' : `The value at /${path.join('/')}`;
        const d = ruleDiagnostic(
          SYNTAX_RULE,
          `${what} is larger than the ${e.limit}-byte element limit (--max-element-size); it was skipped, not parsed.`,
          this.engineOptions,
          path,
        );
        // The skipped value (only streamed mode has this finding, so no whole-file span to match).
        if (d) this.extras.push({ ...d, ...placed(e, e.end) });
        break;
      }
      case 'error': {
        // The interrupted value (or member name) as whole-file mode's scanner reads it: an earlier error
        // inside it comes first; inside its container, its end is worded by what the scanner expected.
        if (e.partial) {
          const { within } = e.partial;
          const text = e.partial.bytes.toString('utf8');
          const inner = findJsonSyntaxError(text, within);
          if (inner && (within !== null || inner.offset < text.length)) {
            const { message, offset } = wordSyntaxError(inner, inner.message);
            this.failInText(message, e.partial.start, text, offset, false);
            return false;
          }
        }
        // The splitter's errors are between values, never at a line break: the span stays on its line.
        this.fail(e.message, e, { line: e.line, column: e.column + e.width });
        return false;
      }
      case 'end':
        this.rootEnd = e.rootEnd;
        break;
      default:
        break;
    }
    return true;
  }

  /** Parse and check one element on this thread. */
  element(e: Extract<SplitEvent, { type: 'element' }>): boolean {
    const parsed = this.parse(e.bytes, e, 'array');
    if (!parsed) return false;
    const path = e.key === null ? [e.index] : [e.key, e.index];
    this.duplicates.slice(parsed.text, parsed.value, path, e, e.members);
    if (this.duplicates.found) return true;
    if (e.key === 'tags' && this.speculative && this.tagsMatch) {
      const declared = (this.header.tags as unknown[])[e.index];
      const seen = comparableJson(parsed.value);
      this.tagsMatch = seen !== null && seen === comparableJson(declared);
    }
    if (e.key !== null && isCollectionKey(e.key)) {
      this.validator.element(e.key, e.index, parsed.value);
      this.placeNew({ path: [e.key, e.index], base: e }, parsed.text);
    }
    return true;
  }

  /** A duplicate name a fan-out worker found inside an element (applied in document order). */
  duplicate(found: FoundDuplicate): void {
    this.duplicates.record(found);
  }

  /** An element checked elsewhere (fan-out): its diagnostics arrive placed. */
  outcome(collection: CollectionKey, index: number, outcome: ElementOutcome): void {
    if (this.duplicates.found) return;
    // Worker diagnostics carry their positions; what the main thread adds (document-scoped) does not.
    this.validator.elementOutcome(collection, index, outcome);
    this.placeNew(null, '');
  }

  /**
   * Whether the header the document was checked with is the one its members declare (always true for a
   * header from a full pre-pass). Ask after the last event, before `finish`.
   */
  confirmed(): boolean {
    if (!this.speculative || this.stopped || this.duplicates.found) return true;
    const h = this.header;
    if (this.seenMcpdesc !== h.hasMcpdesc) return false;
    if (this.seenMcpdesc) {
      const declared = comparableJson(h.mcpdesc);
      if (declared === null || this.lastMcpdesc !== declared) return false;
    }
    if (this.seenProtocolVersions !== (h.protocolVersions !== undefined)) return false;
    if (this.seenProtocolVersions) {
      const declared = comparableJson(h.protocolVersions);
      if (declared === null || this.lastProtocolVersions !== declared) return false;
    }
    if (this.tagsSeen === 'absent') return h.tags === undefined;
    if (this.tagsSeen === 'member') {
      const declared = comparableJson(h.tags);
      return declared !== null && this.tagsMember === declared;
    }
    return this.tagsMatch;
  }

  /** Offer positions to the diagnostics added since the last call. */
  private placeNew(slice: SliceRef | null, text: string): void {
    const list = this.validator.diagnostics as LocatedDiagnostic[];
    if (this.offered === list.length) return;
    const t = this.clock === null ? 0 : performance.now();
    const inSlice: LocatedDiagnostic[] = [];
    for (; this.offered < list.length; this.offered++) {
      const d = list[this.offered]!;
      if (d.line !== undefined) continue;
      if (d.path.length === 0) this.placeAt(d, this.root, null);
      else if (slice && startsWith(d.path, slice.path)) inSlice.push(d);
      else if (d.path.length === 1 && this.collections.has(String(d.path[0]))) {
        const start = this.collections.get(String(d.path[0]))!;
        this.placeAt(d, start.keyAt ?? start, String(d.path[0]));
      }
    }
    if (slice && inSlice.length > 0) placeInSlice(inSlice, slice, text);
    if (this.clock !== null) this.clock.locateMs += performance.now() - t;
  }

  /**
   * Start a finding at the root (`collection` null) or on a split collection's member; its end is known
   * only once that value ended (`endSpans`).
   */
  private placeAt(d: LocatedDiagnostic, pos: SlicePosition, collection: string | null): void {
    d.line = pos.line;
    d.column = pos.column;
    this.openEnds.push([d, collection]);
  }

  /**
   * The ends of the findings placed at the root or on a collection (whole-file mode spans the root
   * value, and a collection member from its name to its ']'). A value whose end was never seen (none
   * can be missing once the document parsed) gives an empty span.
   */
  private endSpans(): void {
    for (const [d, collection] of this.openEnds) {
      const end = collection === null ? this.rootEnd : this.collections.get(collection)?.end;
      d.endLine = end?.line ?? d.line!;
      d.endColumn = end?.column ?? d.column!;
    }
    this.openEnds.length = 0;
  }

  /**
   * The final report. Diagnostics still without a position (document-scoped findings about earlier
   * slices) are placed by one more scan of the file, which decodes only the slices they point into.
   */
  async finish(path: ChunkSource): Promise<DocumentReport> {
    const leading: LocatedDiagnostic[] = [];
    if (this.bom && findRule(BOM_RULE)) {
      const d = ruleDiagnostic(BOM_RULE, BOM_MESSAGE, this.engineOptions);
      // Empty, as in whole-file mode: the mark sits before column 1.
      if (d) leading.push({ ...d, ...placed({ line: 1, column: 1 }) });
    }
    const extras: LocatedDiagnostic[] = [...leading];
    const duplicate = this.duplicates.found;
    if (this.stopped || duplicate) {
      // As in whole-file mode: malformed input (or a repeated name) is one finding, and nothing else is
      // reported. A syntax error anywhere wins over a duplicate, as JSON.parse fails first.
      const report = validateDocument({}, this.engineOptions, []);
      let fatal = this.stopped ? this.fatal : duplicateDiagnostic(duplicate!, this.engineOptions);
      const badUtf8 = this.stopped ? await findInvalidUtf8(path, this.options.chunkBytes) : null;
      if (badUtf8) {
        // Whole-file mode decodes before it parses (or looks for a BOM): invalid UTF-8 anywhere, even
        // after the syntax error the scan stopped at, is the document's only finding, placed as
        // `positionOfByte` places it (a BOM counts as a character of line 1).
        extras.length = 0;
        const message = invalidUtf8Message(badUtf8.offset, badUtf8.bytes);
        const d = ruleDiagnostic(SYNTAX_RULE, message, this.engineOptions);
        fatal = d ? { ...d, ...placed(badUtf8, { line: badUtf8.line, column: badUtf8.column + 1 }) } : null;
      }
      if (fatal) extras.push(fatal);
      for (const d of extras) addDiagnostic(report, d, this.engineOptions.maxDiagnostics);
      return report;
    }
    const validated = this.validator.finish();
    this.placeNew(null, '');
    const pending = (validated.diagnostics as LocatedDiagnostic[]).filter((d) => d.line === undefined);
    const t = this.clock === null ? 0 : performance.now();
    if (pending.length > 0) await this.placeByRescan(path, pending);
    // The BOM warning first, as whole-file mode has it (kept under the cap, first in byRule).
    const report = withLeading(leading, validated, this.engineOptions.maxDiagnostics);
    const late: LocatedDiagnostic[] = [];
    const budget = this.duplicates.budgetDiagnostic(this.engineOptions);
    if (budget) late.push(budget);
    for (const d of [...late, ...this.extras]) addDiagnostic(report, d, this.engineOptions.maxDiagnostics);
    this.endSpans();
    // The rescan reads the file again: placing, not reading, is why it happens.
    if (this.clock !== null) this.clock.locateMs += performance.now() - t;
    return report;
  }

  private async placeByRescan(path: ChunkSource, pending: LocatedDiagnostic[]): Promise<void> {
    const wanted = new Map<string, LocatedDiagnostic[]>();
    for (const d of pending) {
      const key = sliceKey(d.path);
      if (key === null) continue;
      const list = wanted.get(key) ?? [];
      list.push(d);
      wanted.set(key, list);
    }
    // An element is found once; a member may repeat (the last one wins), so wanting one reads to the end.
    let elementsLeft = [...wanted.keys()].filter((key) => !key.endsWith('\u0000')).length;
    const stopEarly = elementsLeft === wanted.size;
    const splitter = new Splitter({
      maxElementBytes: this.options.maxElementBytes ?? DEFAULT_MAX_ELEMENT_BYTES,
    });
    outer: for await (const chunk of readChunks(path, this.options.chunkBytes)) {
      for (const e of splitter.push(chunk)) {
        if (e.type === 'error') break outer;
        if ((e.type !== 'member' && e.type !== 'element') || e.key === null) continue;
        const slicePath: PathSegment[] = e.type === 'element' ? [e.key, e.index] : [e.key];
        const list = wanted.get(e.type === 'element' ? `${e.key}\u0000${e.index}` : `${e.key}\u0000`);
        if (!list) continue;
        const text = e.bytes.toString('utf8');
        // With duplicate member names the last one wins, as in JSON.parse: later matches overwrite.
        const keyAt = e.type === 'member' ? e.keyAt : null;
        placeInSlice(list, { path: slicePath, base: e, keyAt }, text);
        if (e.type === 'element' && --elementsLeft === 0 && stopEarly) break outer;
      }
    }
    for (const d of pending) {
      if (d.line !== undefined) continue;
      // The deepest existing prefix: the collection (element index past the end), else the root.
      const key = String(d.path[0]);
      const start = this.collections.get(key);
      this.placeAt(d, start ? (start.keyAt ?? start) : this.root, start ? key : null);
    }
  }
}

export function toDocumentResult(
  job: FileJob,
  report: DocumentReport,
  bytes: number,
  started: number,
  clock: PhaseClock | null = null,
): DocumentResult {
  const durationMs = performance.now() - started;
  const result: DocumentResult = {
    index: job.index,
    file: job.file,
    status: report.errors > 0 ? 'invalid' : 'valid',
    format: 'json',
    streamed: true,
    bytes,
    mcpdesc: report.mcpdesc,
    errors: report.errors,
    warnings: report.warnings,
    infos: report.infos,
    tools: report.tools,
    durationMs,
    truncated: report.truncated,
    byRule: report.byRule,
    diagnostics: report.diagnostics,
  };
  if (clock !== null) {
    clock.settle(durationMs);
    result.timings = clock.timings();
  }
  return result;
}

/**
 * A file that could not be checked at all: the same records as whole-file mode (failures.ts), so an
 * unreadable file is its errno code, a limit is EMAXSIZE, corrupt gzip a syntax finding, and anything
 * else (a rule that threw) EINTERNAL, whichever mode checked it.
 */
export function errorOutcome(
  job: FileJob,
  error: unknown,
  started: number,
  options: EngineOptions = DEFAULT_ENGINE_OPTIONS,
): FileOutcome {
  const b: ResultBase = {
    index: job.index,
    file: job.file,
    format: 'json',
    gzip: false,
    streamed: true,
    bytes: job.size,
  };
  return { index: job.index, documents: [failureFor(error, b, options, performance.now() - started)] };
}

/**
 * Check one JSON file by streaming it on this thread: memory is bounded by the largest element
 * (≤ maxElementBytes) plus one read chunk, whatever the file size.
 */
export async function checkStreamed(
  job: FileJob,
  options: StreamCheckOptions,
  source: ChunkSource = job.path,
): Promise<FileOutcome> {
  const started = performance.now();
  try {
    const guess = await guessHeader(source, options);
    let pass = await mainPass(source, options, guess);
    // The guess was wrong (a root `mcpdesc`/`tags` outside the probed ends): once more, with the truth.
    if (pass === null)
      pass = await mainPass(source, options, {
        header: await readHeader(source, options),
        speculative: false,
      });
    if (pass === null) throw new Error('a header from the full pre-pass was not confirmed');
    const report = await pass.doc.finish(source);
    return {
      index: job.index,
      documents: [toDocumentResult(job, report, Math.max(pass.bytes, job.size), started, pass.doc.clock)],
    };
  } catch (error) {
    return errorOutcome(job, error, started, engineOptions(options));
  }
}

/** Split, parse and check every slice on this thread; null when a speculative header was wrong. */
async function mainPass(
  source: ChunkSource,
  options: StreamCheckOptions,
  guess: HeaderGuess,
): Promise<{ doc: StreamedDocument; bytes: number } | null> {
  const doc = new StreamedDocument(guess.header, options, guess.speculative);
  const splitter = new Splitter({
    splitKeys: DEFAULT_SPLIT_KEYS,
    maxElementBytes: options.maxElementBytes ?? DEFAULT_MAX_ELEMENT_BYTES,
  });
  let bytes = 0;
  const clock = doc.clock;
  let t = clock === null ? 0 : performance.now();
  outer: for await (const chunk of readChunks(source, options.chunkBytes)) {
    if (clock !== null) clock.readMs += performance.now() - t;
    bytes += chunk.length;
    for (const e of splitter.push(chunk)) {
      const ok = e.type === 'element' ? doc.element(e) : doc.event(e);
      if (!ok) break outer;
    }
    if (clock !== null) t = performance.now();
  }
  if (!doc.failed) for (const e of splitter.end()) if (!doc.event(e)) break;
  return doc.confirmed() ? { doc, bytes } : null;
}
