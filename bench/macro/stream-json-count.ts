// The stream-json reference pipeline for a huge dump: parser → pick('tools') → streamArray, counting
// elements. Run as its own process so its time and memory are measured like ours.
import { createReadStream } from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pick from 'stream-json/filters/pick.js';
import streamArray from 'stream-json/streamers/stream-array.js';

const file = process.argv[2];
if (!file) throw new Error('usage: stream-json-count FILE');
let count = 0;
await pipeline(
  createReadStream(file),
  pick.withParserAsStream({ filter: 'tools' }),
  streamArray.asStream(),
  new Writable({
    objectMode: true,
    write(_item, _enc, done) {
      count++;
      done();
    },
  }),
);
console.log(JSON.stringify({ elements: count }));
