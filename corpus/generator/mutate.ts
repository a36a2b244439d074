// Seeded structural mutations of a document: wrong types, missing and unknown members, duplicated and
// dropped elements. The oracle tests run them through our rules and through an upstream schema and
// compare the verdicts; the same seed always gives the same mutants.
import type { Json } from './content.js';

/** mulberry32: a tiny seeded PRNG, so every run mutates the same way. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Container = Json[] | { [key: string]: Json };

/** Every container in `doc` with the path to it (root first). */
function containers(
  doc: Json,
  path: Array<string | number> = [],
  out: Array<[Container, Array<string | number>]> = [],
) {
  if (doc !== null && typeof doc === 'object') {
    out.push([doc, path]);
    if (Array.isArray(doc)) {
      for (let i = 0; i < doc.length; i++) containers(doc[i]!, [...path, i], out);
    } else for (const [k, v] of Object.entries(doc)) containers(v, [...path, k], out);
  }
  return out;
}

/** What a mutation may put in place of a value, and the member names it may add. */
export interface Vocabulary {
  replacements: readonly Json[];
  newKeys: readonly string[];
}

/** Type confusions and misnamed members common to every version. */
export const BASIC_VOCABULARY: Vocabulary = {
  replacements: [null, 7, 1.5, 'text', '', 'not a uri', true, [], {}, ['a', 'a'], { name: 'x' }],
  newKeys: ['extra', 'input_schema', 'parameters', 'x-ext', 'security', 'tags', 'icons', 'type', '__proto__'],
};

/**
 * 0.8.0 adds values and members its rules care about: protocol revisions (unknown, repeated, out of
 * scope), Reference Objects (resolvable or not, with siblings), empty maps, scoped and extension members.
 */
export const VOCABULARY_080: Vocabulary = {
  replacements: [
    ...BASIC_VOCABULARY.replacements,
    '2027-01-01',
    ['2026-07-28'],
    ['2024-11-05'],
    ['2025-11-25', '2025-11-25'],
    { $componentRef: '#/components/schemas/Missing' },
    { $componentRef: '#/components/toolExamples/x', note: 1 },
    { type: 'object' },
    { type: 'array' },
    { 'x-only': true },
    [{}],
    'complete',
    -1,
  ],
  newKeys: [
    ...BASIC_VOCABULARY.newKeys,
    'protocolVersions',
    '_meta',
    'examples',
    'elicitations',
    'clientRequirements',
    '$componentRef',
    'resultType',
    'execution',
    'x-mcp-header',
  ],
};

/** One random structural mutation of a deep copy of `doc`. */
export function mutate(doc: Json, random: () => number, vocabulary: Vocabulary = BASIC_VOCABULARY): Json {
  const REPLACEMENTS = vocabulary.replacements;
  const NEW_KEYS = vocabulary.newKeys;
  const copy = JSON.parse(JSON.stringify(doc)) as Json;
  const all = containers(copy);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const [target] = pick(all);
  const kind = random();
  if (Array.isArray(target)) {
    if (target.length === 0 || kind < 0.2) target.push(pick(REPLACEMENTS));
    else if (kind < 0.5) target.push(JSON.parse(JSON.stringify(pick(target))) as Json);
    else if (kind < 0.7) target.splice(Math.floor(random() * target.length), 1);
    else target[Math.floor(random() * target.length)] = pick(REPLACEMENTS);
    return copy;
  }
  const keys = Object.keys(target);
  if (keys.length === 0 || kind < 0.25) {
    // defineProperty, not assignment: "__proto__" must become an own member, as JSON.parse makes it.
    Object.defineProperty(target, pick(NEW_KEYS), {
      value: pick(REPLACEMENTS),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else if (kind < 0.45) {
    delete target[pick(keys)];
  } else {
    target[pick(keys)] = pick(REPLACEMENTS);
  }
  return copy;
}

/** `count` mutants of `doc`, one to three mutations each, reproducible from `seed`. */
export function mutants(
  doc: Json,
  count: number,
  seed: number,
  vocabulary: Vocabulary = BASIC_VOCABULARY,
): Json[] {
  const random = rng(seed);
  const out: Json[] = [];
  for (let i = 0; i < count; i++) {
    let next = doc;
    const steps = 1 + Math.floor(random() * 3);
    for (let s = 0; s < steps; s++) next = mutate(next, random, vocabulary);
    out.push(next);
  }
  return out;
}
