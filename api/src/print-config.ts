// `npm run config`: the effective settings with secrets masked; `--markdown` prints the
// README's configuration table instead.
import { ConfigError, configMarkdownTable, describeEffectiveConfig, loadConfig } from './config.js';

if (process.argv.includes('--markdown')) {
  process.stdout.write(`${configMarkdownTable()}\n`);
} else {
  try {
    loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
  const rows = describeEffectiveConfig();
  const width = Math.max(...rows.map(([name]) => name.length));
  for (const [name, value] of rows) process.stdout.write(`${name.padEnd(width)}  ${value}\n`);
}
