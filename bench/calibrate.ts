// The same-run yardstick: single-thread JSON.parse throughput on a fixed, generated document.
// Every figure the gate compares is divided (or multiplied) by this, so runs on machines of
// different speed, or the same machine in a noisy hour, stay comparable.
import { median } from './lib.js';

function calibrationDocument(): string {
  const tools = [];
  for (let i = 0; i < 12_000; i++) {
    tools.push({
      name: `tool_${i}`,
      description: `Calibration tool ${i} `.repeat(8),
      inputSchema: {
        type: 'object',
        properties: {
          a: { type: 'string', description: 'x'.repeat(40) },
          b: { type: 'integer', minimum: i },
        },
        required: ['a'],
      },
    });
  }
  return JSON.stringify({ mcpdesc: '0.7.0', info: { name: 'calibration', version: '1' }, tools });
}

export function calibrate(rounds = 7): { name: string; mbPerSec: number } {
  const text = calibrationDocument();
  const mb = Buffer.byteLength(text) / 1e6;
  JSON.parse(text); // warm-up
  const rates: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = process.hrtime.bigint();
    JSON.parse(text);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    rates.push(mb / seconds);
  }
  return {
    name: 'json-parse single-thread MB/s (calibration)',
    mbPerSec: Math.round(median(rates) * 10) / 10,
  };
}
