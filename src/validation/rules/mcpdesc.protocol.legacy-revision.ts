// §16.2, §3.5: MCP 2024-11-05 and 2025-03-26 are recognized legacy revisions: a validator applies
// structural and selected sound checks to them, SHOULD warn that validation is incomplete, and MUST NOT
// report it as complete. One warning per legacy revision listed at the root (every scope is a subset).
import { LEGACY, REVISIONS, type Revision, revisionBit } from '../protocol/revisions.js';
import { levels080, type Rule } from '../rule.js';
import { exampleDocument080 } from './semantic-examples.js';

const rule: Rule = {
  id: 'mcpdesc.protocol.legacy-revision',
  description: 'Say that declarations for MCP 2024-11-05 and 2025-03-26 are checked incompletely.',
  specSection: '16.2',
  levels: levels080('warning'),
  examples: {
    valid: [
      {
        description: 'MCP 2025-06-18 and later',
        document: exampleDocument080({ protocolVersions: ['2025-06-18', '2026-07-28'] }),
      },
    ],
    invalid: [
      {
        description: 'both legacy revisions',
        document: exampleDocument080({ protocolVersions: ['2024-11-05', '2025-03-26', '2025-11-25'] }),
        diagnostics: [
          { pointer: '/protocolVersions/0', severity: 'warning' },
          { pointer: '/protocolVersions/1', severity: 'warning' },
        ],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return {
      member(key, value) {
        if (key !== 'protocolVersions' || !Array.isArray(value)) return;
        value.forEach((entry: unknown, i) => {
          if (typeof entry !== 'string' || !(REVISIONS as readonly string[]).includes(entry)) return;
          if ((revisionBit(entry as Revision) & LEGACY) === 0) return;
          context.report(
            ['protocolVersions', i],
            `MCP ${entry} is a legacy revision: its declarations get structural and selected checks only (complete revision-specific validation begins with MCP 2025-06-18), so a clean result is not complete MCP conformance`,
          );
        });
      },
    };
  },
};

export default rule;
