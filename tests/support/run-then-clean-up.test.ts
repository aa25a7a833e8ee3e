// The crash tests once reported "Cannot open database because the directory does not exist"
// from their clean-up instead of the restart that failed: the first failure must win.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runThenCleanUp } from './run-then-clean-up.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('runThenCleanUp', () => {
  it('reports the failure of the body, not that of a clean-up step after it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const ran: string[] = [];
    await expect(
      runThenCleanUp(
        () => Promise.reject(new Error('the restarted server did not start')),
        () => ran.push('stop'),
        () => {
          ran.push('check');
          throw new Error('Cannot open database because the directory does not exist');
        },
        () => ran.push('remove'),
      ),
    ).rejects.toThrow('the restarted server did not start');
    expect(ran).toEqual(['stop', 'check', 'remove']);
    expect(String(warn.mock.calls[0]?.[1])).toContain('Cannot open database');
  });

  it('reports the first failing step when the body passed, and still runs the rest', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const ran: string[] = [];
    await expect(
      runThenCleanUp(
        async () => undefined,
        () => Promise.reject(new Error('integrity check failed')),
        () => {
          throw new Error('later');
        },
        () => ran.push('remove'),
      ),
    ).rejects.toThrow('integrity check failed');
    expect(ran).toEqual(['remove']);
  });

  it('passes when everything does', async () => {
    await expect(runThenCleanUp(async () => undefined, vi.fn())).resolves.toBeUndefined();
  });
});
