// Placeholder owned by the splitter work: huge plain JSON files will be split into elements here.
// Until then a huge file goes through the whole-file path (and is skipped beyond what V8 can hold).
import type { CheckOptions, FileJob, FileOutcome } from '../types.js';
import { checkWholeFile } from './whole.js';

export function checkStreamed(job: FileJob, options: CheckOptions): Promise<FileOutcome> {
  return checkWholeFile(job, options);
}
