import { quote } from '../../quote.js';
import { DRAFT_VERSION, SPEC_VERSIONS } from '../../types.js';
import type { Rule } from '../rule.js';
import { levels } from '../rule.js';
import { jsonType } from '../schema/errors.js';

const SUPPORTED = `${SPEC_VERSIONS.join(', ')} and the draft ${DRAFT_VERSION}`;

const rule: Rule = {
  id: 'mcpdesc.version.recognized',
  description: 'The declared "mcpdesc" version is one this validator supports.',
  specSection: '4.3',
  specSections: { '0.8.0': '4.8' },
  levels: levels('error'),
  // A document we cannot check structurally still learns why: the other rules do not run for it.
  versionIndependent: true,
  screen: { schema: () => ({ properties: { mcpdesc: { enum: [...SPEC_VERSIONS, DRAFT_VERSION] } } }) },
  examples: {
    valid: [
      {
        description: 'the draft (checked as 0.8.0; mcpdesc.version.draft says so)',
        document: {
          mcpdesc: '0.9.0-rc.3',
          info: { name: 'a', version: '1' },
          protocolVersions: ['2026-07-28'],
        },
      },
      {
        description: 'a supported older version',
        document: {
          mcpdesc: '0.5.2',
          info: { name: 'a', version: '1' },
          transports: [{ type: 'stdio', command: 'a' }],
          tools: [{ name: 't' }],
        },
      },
    ],
    invalid: [
      {
        description: 'a later version',
        document: {
          mcpdesc: '0.9.0',
          info: { name: 'a', version: '1' },
          transports: [{ type: 'stdio', command: 'a' }],
          tools: [{ name: 't' }],
        },
        diagnostics: [{ pointer: '/mcpdesc', severity: 'error' }],
      },
      {
        description: 'a number instead of a version string',
        document: { mcpdesc: 0.7, info: { name: 'a', version: '1' }, tools: [] },
        diagnostics: [{ pointer: '/mcpdesc', severity: 'error' }],
      },
    ],
  },
  create(context) {
    if (context.rootType !== 'object') return {};
    return {
      start() {
        const declared = context.declaredVersion;
        if (declared === undefined) return;
        if (typeof declared !== 'string') {
          context.report(
            ['mcpdesc'],
            `"mcpdesc" must be a string naming a supported version (${SUPPORTED}), found ${jsonType(declared)}`,
          );
        } else if (!(SPEC_VERSIONS as readonly string[]).includes(declared) && declared !== DRAFT_VERSION) {
          context.report(
            ['mcpdesc'],
            `"mcpdesc" is ${quote(declared)}, which is not a supported version; supported: ${SUPPORTED}`,
          );
        }
      },
    };
  },
};

export default rule;
