// Check a document given as text (the catalogue's parser examples): the same parser path as files.
// The format is sniffed like an unknown extension: `{` or `[` first means JSON, anything else YAML.
import type { DocumentReport, EngineOptions } from '../validation/engine.js';
import { checkDecoded, PARSERS } from './check-bytes.js';

export function checkText(
  text: string,
  options: EngineOptions,
  format?: 'json' | 'yaml' | 'jsonl',
): DocumentReport {
  const bom = text.charCodeAt(0) === 0xfeff;
  const body = bom ? text.slice(1) : text;
  const chosen = format ?? (/^[\s]*[[{]/.test(body) || body.trim() === '' ? 'json' : 'yaml');
  return checkDecoded(body, bom, PARSERS[chosen], options);
}
