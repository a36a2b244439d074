// The seed rule (0.9.0-rc.3 mcpdesc.tool.members): a chess server shaped like the §9.5 example, with
// its tags declared, is clean; each of the seed's invalid examples is reported at the seed's pointer.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validateDocument } from '../../../../src/validation/engine.js';
import { structural } from './structural-ids.js';

const envelope = (tools: unknown[], tags: string[] = []) => ({
  mcpdesc: '0.7.0',
  info: { name: 'chess-coach', version: '2.1.0' },
  transports: [{ type: 'stdio', command: 'chess-coach', args: ['mcp'] }],
  tools,
  tags: tags.map((name) => ({ name })),
});

const chessTools = [
  {
    name: 'analyze_game',
    title: 'Analyze Game',
    description: 'Score a game given as PGN',
    inputSchema: {
      type: 'object',
      properties: { pgn: { type: 'string' }, depth: { type: 'integer', minimum: 1, maximum: 40 } },
      required: ['pgn'],
    },
    outputSchema: {
      type: 'object',
      properties: {
        evaluation: { type: 'number' },
        blunders: { type: 'array', items: { type: 'object', properties: { move: { type: 'string' } } } },
      },
    },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
    tags: ['analysis', 'chess'],
  },
  {
    name: 'get_player_rating',
    title: 'Get Player Rating',
    inputSchema: {
      type: 'object',
      properties: { player_id: { type: 'string' }, rating_type: { enum: ['classical', 'rapid'] } },
      required: ['player_id'],
    },
    annotations: { readOnlyHint: true, destructiveHint: false },
    tags: ['rating', 'player'],
  },
  {
    name: 'record_game_result',
    inputSchema: { type: 'object', properties: { result: { enum: ['1-0', '0-1', '1/2-1/2'] } } },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    tags: ['rating', 'game'],
  },
];

const options = (target: '0.9.0-rc.3' | null = null) => ({ target, ruleLevels: {}, maxDiagnostics: 100 });

describe('seed rule mcpdesc.tool.members', () => {
  it('leaves the chess tools with declared tags clean', () => {
    const report = validateDocument(
      envelope(chessTools, ['analysis', 'chess', 'rating', 'player', 'game']),
      options(),
    );
    assert.deepEqual(report.diagnostics, []);
  });

  const toolMembers = (doc: unknown, target: '0.9.0-rc.3' | null) =>
    validateDocument(doc, options(target)).diagnostics.filter((d) => d.ruleId === 'mcpdesc.tool.members');

  it('reports elicitations at /tools/0/elicitations: unknown to 0.7.0, empty under the draft', () => {
    const doc = envelope([{ name: 'ask', inputSchema: { type: 'object' }, elicitations: [] }]);
    const [unknown] = toolMembers(doc, null);
    assert.equal(unknown?.pointer, '/tools/0/elicitations');
    assert.match(unknown!.message, /unknown property "elicitations"; allowed: name, title, description/);
    const [empty, ...more] = toolMembers(doc, '0.9.0-rc.3');
    assert.deepEqual([empty?.pointer, empty?.severity, more], ['/tools/0/elicitations', 'error', []]);
    assert.match(empty!.message, /must have at least 1 item/);
    const listed = envelope([
      { name: 'ask', inputSchema: { type: 'object' }, elicitations: [{ name: 'a' }] },
    ]);
    assert.deepEqual(toolMembers(listed, '0.9.0-rc.3'), []);
  });

  it('reports the draft requirements under --target 0.9.0-rc.3: an inputSchema, a non-empty name', () => {
    const doc = envelope([{ name: 'missing_schema' }, { name: '', inputSchema: { type: 'object' } }]);
    assert.deepEqual(
      toolMembers(doc, '0.9.0-rc.3').map((d) => [d.pointer, d.severity]),
      [
        ['/tools/0', 'error'],
        ['/tools/1/name', 'error'],
      ],
    );
    // Without the target, a 0.7.0 document keeps the warnings of the rules that say so.
    assert.deepEqual(
      validateDocument(doc, options())
        .diagnostics.filter((d) => d.ruleId !== 'mcpdesc.tool.members')
        .map((d) => [d.ruleId, d.pointer, d.severity]),
      [
        ['mcpdesc.tool.input-schema-present', '/tools/0', 'warning'],
        ['mcpdesc.tool.name-nonempty', '/tools/1/name', 'warning'],
      ],
    );
    assert.deepEqual(toolMembers(doc, null), []);
  });

  it('keeps the document version for structure under --target 0.9.0-rc.3', () => {
    // A 0.6.0 document may repeat entity tags and nest root tags; the forward target changes levels,
    // not the structure the document is checked against.
    const doc = {
      ...envelope([{ name: 't', inputSchema: { type: 'object' }, tags: ['a', 'a'] }]),
      mcpdesc: '0.6.0',
      tags: [{ name: 'a', tags: [{ name: 'b' }] }],
    };
    const report = validateDocument(doc, options('0.9.0-rc.3'));
    assert.equal(report.version, '0.6.0');
    assert.deepEqual(structural(report.diagnostics), []);
  });
});
