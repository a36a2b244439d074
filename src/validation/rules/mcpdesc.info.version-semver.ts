// §5.1: the server version is free text, "Semver RECOMMENDED". A version that is not a Semantic
// Versioning 2.0.0 version gets a warning; an empty one is mcpdesc.info.members' error.
import { quote } from '../../quote.js';
import { isObject } from '../json-schema/values.js';
import { levelsSince, type Rule } from '../rule.js';
import { exampleDocument, exampleDocument080 } from './semantic-examples.js';

// semver.org's own pattern: numeric identifiers without leading zeros, dot-separated pre-release and
// build identifiers. Linear: every repeated group starts with a literal "." or a fixed class.
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/** An info object's `version` when it is a non-empty string that is not a SemVer version. */
function nonSemver(info: unknown): string | undefined {
  if (!isObject(info)) return undefined;
  const version = info.version;
  return typeof version !== 'string' || version === '' || SEMVER.test(version) ? undefined : version;
}

const rule: Rule = {
  id: 'mcpdesc.info.version-semver',
  description: 'Give the server version as a Semantic Versioning version (MAJOR.MINOR.PATCH).',
  specSection: '5.1',
  levels: levelsSince('0.7.0', 'warning'),
  screen: { test: (document) => !Object.hasOwn(document, 'info') || nonSemver(document.info) === undefined },
  examples: {
    valid: [
      {
        description: 'a release',
        document: exampleDocument({ info: { name: 'a', version: '2.1.0' } }),
      },
      {
        description: 'a pre-release with build metadata (0.8.0)',
        document: exampleDocument080({ info: { name: 'a', version: '1.0.0-rc.1+build.5' } }),
      },
    ],
    invalid: [
      {
        description: 'two components',
        document: exampleDocument({ info: { name: 'a', version: '2.1' } }),
        diagnostics: [{ pointer: '/info/version', severity: 'warning' }],
      },
      {
        description: 'a leading "v" (0.8.0)',
        document: exampleDocument080({ info: { name: 'a', version: 'v1.0.0' } }),
        diagnostics: [{ pointer: '/info/version', severity: 'warning' }],
      },
    ],
  },
  create(context) {
    return {
      member(key, value) {
        if (key !== 'info') return;
        const version = nonSemver(value);
        if (version === undefined) return;
        context.report(
          ['info', 'version'],
          `"version" ${quote(version)} is not a Semantic Versioning version (MAJOR.MINOR.PATCH, such as "2.1.0"), which is recommended`,
        );
      },
    };
  },
};

export default rule;
