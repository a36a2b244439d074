// Icon objects (Appendix A) wherever `icons` appears: info, tools, resources, resource templates and
// prompts. `src` is a URI (http(s) or data:), `theme` is light or dark, `sizes` a list of strings.
// In 0.8.0 an `icons` array is non-empty (§3.3) and an icon may carry `x-` extensions (§14.2).
import type { PathSegment } from '../../types.js';
import type { Rule } from '../rule.js';
import { before080, levels } from '../rule.js';
import { atMember, closedObject, STRING, STRING_ARRAY, URI } from '../schema/blocks.js';
import { reportErrors } from '../schema/errors.js';
import type { StructuralRule } from '../schema/fragment.js';
import { ICONS } from '../schema/mcp.js';
import { fragmentHandle } from '../schema/validators.js';
import { entitySubject } from '../schema/visitors.js';
import { exampleDocument080 } from './semantic-examples.js';

const ID = 'mcpdesc.icon.members';

const ICON = closedObject(
  { src: URI, mimeType: STRING, sizes: STRING_ARRAY, theme: { type: 'string', enum: ['light', 'dark'] } },
  ['src'],
);

const NOUNS: Readonly<Record<string, string>> = {
  tools: 'Tool',
  resources: 'Resource',
  resourceTemplates: 'Resource template',
  prompts: 'Prompt',
};

const ICON_ARRAY = { type: 'array', items: ICON };
/** An owner of icons (the server info, an entity) whose `icons`, if any, are icons. */
const ICONS_OF_OWNER = atMember('icons', ICON_ARRAY);

const FRAGMENT = fragmentHandle(ID, 'icons');

const rule: StructuralRule = {
  id: ID,
  description: 'Icons have a URI src and only their defined members, wherever they appear.',
  specSection: 'Appendix A',
  levels: levels('error'),
  fragments: (version) => ({ icons: version === '0.8.0' ? ICONS : ICON_ARRAY }),
  screen: {
    schema: () => ({
      properties: Object.fromEntries([
        ['info', ICONS_OF_OWNER],
        ...Object.keys(NOUNS).map((collection) => [collection, { items: ICONS_OF_OWNER }]),
      ]),
    }),
    covers: before080,
  },
  examples: {
    valid: [
      {
        description: 'icons on the server and on a tool, an https and a data: URI',
        document: {
          mcpdesc: '0.7.0',
          info: {
            name: 'a',
            version: '1',
            icons: [
              { src: 'https://e.example/i.svg', mimeType: 'image/svg+xml', sizes: ['any'], theme: 'light' },
            ],
          },
          transports: [{ type: 'stdio', command: 'a' }],
          tools: [{ name: 't', icons: [{ src: 'data:image/png;base64,iVBORw0KGgo=' }] }],
        },
      },
    ],
    invalid: [
      {
        description: '0.8.0: an empty icons array; an extension is allowed, an unknown member is not',
        document: exampleDocument080({
          info: { name: 'a', version: '1', icons: [] },
          tools: [
            {
              name: 't',
              inputSchema: { type: 'object' },
              icons: [{ src: 'https://e.example/i.png', 'x-display': 'compact', display: 'compact' }],
            },
          ],
        }),
        diagnostics: [
          { pointer: '/info/icons', severity: 'error' },
          { pointer: '/tools/0/icons/0/display', severity: 'error' },
        ],
      },
      {
        description: 'a relative src, an unknown theme, a missing src, icons not an array',
        document: {
          mcpdesc: '0.7.0',
          info: { name: 'a', version: '1', icons: [{ src: 'icon.png' }] },
          transports: [{ type: 'stdio', command: 'a' }],
          tools: [
            { name: 't', icons: [{ src: 'https://e.example/i.png', theme: 'blue' }, { sizes: ['48x48'] }] },
          ],
          resources: [{ uri: 'x:y', name: 'r', icons: { src: 'https://e.example/i.png' } }],
          prompts: [{ name: 'p', icons: [{ src: 'https://e.example/i.png', size: '48x48' }] }],
        },
        diagnostics: [
          { pointer: '/info/icons/0/src', severity: 'error' },
          { pointer: '/tools/0/icons/0/theme', severity: 'error' },
          { pointer: '/tools/0/icons/1', severity: 'error' },
          { pointer: '/resources/0/icons', severity: 'error' },
          { pointer: '/prompts/0/icons/0/size', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    const fragment = FRAGMENT.get(context.version);
    if (fragment === null) return {};
    const check = (owner: unknown, base: PathSegment[], subject: () => string) => {
      if (owner === null || typeof owner !== 'object' || !Object.hasOwn(owner, 'icons')) return;
      const icons = (owner as Record<string, unknown>).icons;
      const errors = fragment.check(icons);
      if (errors === null) return;
      const label = subject();
      reportErrors(context.report, errors, [...base, 'icons'], `${label} icons`, (i) => `${label} icon ${i}`);
    };
    return {
      member(key, value) {
        if (key === 'info') check(value, ['info'], () => 'Server info');
      },
      element(collection, index, value) {
        const noun = NOUNS[collection];
        if (noun === undefined || value === null || typeof value !== 'object') return;
        // Only elements that have icons pay for the check (most real tools have none).
        if ((value as { icons?: unknown }).icons === undefined) return;
        check(value, [collection, index], () => entitySubject(noun, value, index));
      },
    };
  },
};

export default rule satisfies Rule;
