// §10.4.4: a read-result example SHOULD return an entry for the requested URI (the Resource's `uri`, or
// a template example's `uri`); the entry for it SHOULD have the declaration's `mimeType`; and a static
// Resource's `size` MAY be compared with that entry's bytes. Differences are warnings: an example is one
// observation, and a representation may legitimately be more specific. Examples may be components.
import { quote } from '../../quote.js';
import type { PathSegment } from '../../types.js';
import { isObject, type JsonObject } from '../json-schema/values.js';
import { type Components, primitiveVisitor, valueAt } from '../protocol/components.js';
import type { CollectionKey } from '../rule.js';
import { levels080, type Rule, type RuleContext } from '../rule.js';
import { entitySubject } from '../schema/visitors.js';
import { exampleDocument080 } from './semantic-examples.js';

/** The byte count of an entry: its text as UTF-8, or its blob decoded (null when not computable). */
function entryBytes(entry: JsonObject): number | null {
  if (typeof entry.text === 'string') return Buffer.byteLength(entry.text, 'utf8');
  if (typeof entry.blob === 'string' && /^[A-Za-z0-9+/]*={0,2}$/.test(entry.blob)) {
    return (
      Math.floor((entry.blob.length * 3) / 4) -
      (entry.blob.endsWith('==') ? 2 : entry.blob.endsWith('=') ? 1 : 0)
    );
  }
  return null;
}

function check(
  context: RuleContext,
  components: Components,
  collection: CollectionKey,
  index: number,
  declaration: JsonObject,
): void {
  const map = declaration.examples;
  if (!isObject(map)) return;
  const template = collection === 'resourceTemplates';
  const noun = template ? 'Resource template' : 'Resource';
  const owner = entitySubject(noun, declaration, index);
  for (const name of Object.keys(map)) {
    const used = valueAt(components, map[name], template ? 'resourceTemplateExamples' : 'resourceExamples');
    if (used === null || !isObject(used.value) || !isObject(used.value.result)) continue;
    const requested = template ? used.value.uri : declaration.uri;
    const contents = used.value.result.contents;
    if (typeof requested !== 'string' || !Array.isArray(contents)) continue;
    const base: PathSegment[] = [collection, index, 'examples', name];
    const at = (inner: PathSegment[]) => (used.from === null ? [...base, ...inner] : base);
    const subject = `${owner} example ${quote(name)}${used.from ? ` (${used.from})` : ''}`;
    const i = contents.findIndex((entry: unknown) => isObject(entry) && entry.uri === requested);
    if (i === -1) {
      context.report(
        at(['result', 'contents']),
        `${subject} returns no entry for the requested URI ${quote(requested)}`,
      );
      continue;
    }
    const entry = contents[i] as JsonObject;
    const declared = declaration.mimeType;
    if (typeof declared === 'string' && typeof entry.mimeType === 'string' && entry.mimeType !== declared) {
      context.report(
        at(['result', 'contents', i, 'mimeType']),
        `${subject} returns ${quote(entry.mimeType)} for the requested URI, where the declaration says ${quote(declared)}`,
      );
    }
    const size = declaration.size;
    const bytes = entryBytes(entry);
    if (!template && typeof size === 'number' && bytes !== null && bytes !== size) {
      context.report(
        at(['result', 'contents', i]),
        `${subject} returns ${bytes} bytes for the requested URI, where the declaration's "size" says ${size}`,
      );
    }
  }
}

const rule: Rule = {
  id: 'mcpdesc.resource.example-consistency',
  description: "Return the requested URI, with the declaration's MIME type and size, in resource examples.",
  specSection: '10.4.4',
  scope: 'document',
  collections: ['resources', 'resourceTemplates'],
  levels: levels080('warning'),
  project: (collection, _index, value) =>
    (collection === 'resources' || collection === 'resourceTemplates') &&
    isObject(value) &&
    Object.hasOwn(value, 'examples')
      ? value
      : undefined,
  examples: {
    valid: [
      {
        description: 'the requested URI, its declared type and size',
        document: exampleDocument080({
          resources: [
            {
              uri: 'asset:///pixel.bin',
              name: 'pixel',
              mimeType: 'application/octet-stream',
              size: 3,
              examples: {
                bytes: {
                  result: {
                    resultType: 'complete',
                    ttlMs: 0,
                    cacheScope: 'public',
                    contents: [
                      { uri: 'asset:///pixel.bin', mimeType: 'application/octet-stream', blob: 'AAEC' },
                    ],
                  },
                },
              },
            },
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'another URI only; a different type and size for the requested one',
        document: exampleDocument080({
          resources: [
            {
              uri: 'collection:///items',
              name: 'items',
              examples: {
                snapshot: {
                  result: {
                    resultType: 'complete',
                    ttlMs: 0,
                    cacheScope: 'public',
                    contents: [{ uri: 'collection:///items/one', text: '{}' }],
                  },
                },
              },
            },
            {
              uri: 'test://single',
              name: 'single',
              mimeType: 'application/json',
              size: 100,
              examples: {
                other: {
                  result: {
                    resultType: 'complete',
                    ttlMs: 0,
                    cacheScope: 'public',
                    contents: [{ uri: 'test://single', mimeType: 'text/plain', text: 'short' }],
                  },
                },
              },
            },
          ],
        }),
        diagnostics: [
          { pointer: '/resources/0/examples/snapshot/result/contents', severity: 'warning' },
          { pointer: '/resources/1/examples/other/result/contents/0/mimeType', severity: 'warning' },
          { pointer: '/resources/1/examples/other/result/contents/0', severity: 'warning' },
        ],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return primitiveVisitor(context, {
      accepts: (collection) => collection === 'resources' || collection === 'resourceTemplates',
      check: (components, collection, index, declaration) =>
        check(context, components, collection, index, declaration),
    });
  },
};

export default rule;
