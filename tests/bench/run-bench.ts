// `npm run bench -- NAME`: runs one benchmark (or all with no name). Each prints its figures
// as it goes and ends with one line of JSON.
import { apiBench } from './api-bench.js';
import { smtpBench } from './smtp-bench.js';
import { soakBench } from './soak-bench.js';
import { startBench } from './start-bench.js';
import { storageBench } from './storage-bench.js';
import { webBench } from './web-bench.js';

const benchmarks: Record<string, { describe: string; run: () => Promise<void> }> = {
  api: apiBench,
  smtp: smtpBench,
  soak: soakBench,
  start: startBench,
  storage: storageBench,
  web: webBench,
};

/** Options followed by a value (`--minutes 1`): the value names no benchmark. */
const optionsWithValue = new Set(['--minutes']);
const args = process.argv.slice(2);
const wanted = args.filter(
  (arg, index) => !arg.startsWith('-') && !optionsWithValue.has(args[index - 1] ?? ''),
);
const unknown = wanted.filter((name) => !(name in benchmarks));
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Available:`);
  for (const [name, bench] of Object.entries(benchmarks))
    console.error(`  ${name.padEnd(10)} ${bench.describe}`);
  process.exit(2);
}
for (const name of wanted.length > 0 ? wanted : Object.keys(benchmarks)) {
  await benchmarks[name]!.run();
}
