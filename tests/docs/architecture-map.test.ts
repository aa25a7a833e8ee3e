import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');
const exists = (file: string) => fs.existsSync(path.join(repoRoot, file));

/** Paths in `code` spans that start at a top-level folder or file of this repository. */
function namedPaths(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '');
  const roots = fs.readdirSync(repoRoot).filter((name) => name !== 'node_modules');
  return [...prose.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1]!)
    .filter((span) => roots.some((root) => span === root || span.startsWith(`${root}/`)));
}

/** Targets of relative Markdown links, without their #fragment. */
function linkTargets(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!.split('#')[0]!)
    .filter((target) => target !== '' && !/^[a-z]+:/.test(target));
}

// The map is only worth reading while it is true: a renamed or deleted file must take its
// mention with it (issue 21: "every path it names exists").
describe('ARCHITECTURE.md', () => {
  const map = read('ARCHITECTURE.md');

  it('names only paths that exist', () => {
    const paths = namedPaths(map);
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((file) => !exists(file))).toEqual([]);
  });

  it('links only to files that exist', () => {
    expect(linkTargets(map).filter((file) => !exists(file))).toEqual([]);
  });

  it('draws one Mermaid diagram', () => {
    expect(map.match(/```mermaid\n/g)).toHaveLength(1);
  });

  it('links every decision record', () => {
    const records = fs
      .readdirSync(path.join(repoRoot, 'docs/adr'))
      .filter((f) => f.endsWith('.md'));
    const linked = new Set(linkTargets(map));
    expect(records.filter((record) => !linked.has(`docs/adr/${record}`))).toEqual([]);
  });
});

describe('README.md', () => {
  it('links only to files that exist', () => {
    expect(linkTargets(read('README.md')).filter((file) => !exists(file))).toEqual([]);
  });
});
