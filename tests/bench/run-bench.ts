// `npm run bench -- NAME`: runs one benchmark (or all with no name). Each prints its figures
// as it goes and ends with one line of JSON.
import { apiBench } from './api-bench.js';
import { smtpBench } from './smtp-bench.js';
import { storageBench } from './storage-bench.js';
import { webBench } from './web-bench.js';

const benchmarks: Record<string, { describe: string; run: () => Promise<void> }> = {
  api: apiBench,
  smtp: smtpBench,
  storage: storageBench,
  web: webBench,
};

const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
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
