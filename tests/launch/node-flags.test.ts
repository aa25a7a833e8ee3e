import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';
import { SERVER_NODE_FLAGS } from '../support/start-server.js';

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

// The server is launched in three places; the tests and benchmarks must measure the server
// as `npm start` and the image run it (ADR 0009).
describe('the Node flags the server runs with', () => {
  it('are the same in npm start', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(scripts.start).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} api/dist/main.js`);
  });

  it('are the same in the Dockerfile', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
    expect(JSON.parse(cmd!)).toEqual(['node', ...SERVER_NODE_FLAGS, 'api/dist/main.js']);
  });

  it('are accepted by this Node (it refuses a misspelt one)', () => {
    const out = execFileSync(process.execPath, [
      ...SERVER_NODE_FLAGS,
      '-e',
      'process.stdout.write("ok")',
    ]);
    expect(out.toString()).toBe('ok');
  });
});
