import { describe, expect, it } from 'vitest';
import { fitMailFrame } from '../src/features/inbox/fit-mail-frame.js';

/** The parts of a frame, its mail and the box around it that fitting reads and writes. */
function parts({
  url = 'about:srcdoc',
  mail = { width: 400, height: 900 } as { width: number; height: number } | null,
  pane = 500,
} = {}) {
  const frame = {
    style: {} as Record<string, string>,
    contentDocument: {
      URL: url,
      documentElement: mail && {
        style: {} as Record<string, string>,
        scrollWidth: mail.width,
        scrollHeight: mail.height,
      },
    },
  };
  const box = {
    style: {} as Record<string, string>,
    clientWidth: pane,
    offsetHeight: 2,
    clientHeight: 0,
  };
  const fit = (actualSize = false) =>
    fitMailFrame(frame as unknown as HTMLIFrameElement, box as unknown as HTMLElement, actualSize);
  return { frame, box, fit };
}

describe('fitMailFrame', () => {
  it('makes the frame as tall as a mail that fits the pane', () => {
    const { frame, box, fit } = parts();
    expect(fit()).toBe(false);
    expect(frame.style).toMatchObject({ width: '500px', height: '900px', transform: '' });
    // The box's borders come on top of the mail's height.
    expect(box.style.height).toBe('902px');
  });

  it('scales a wider mail down to the pane, or keeps its size when asked', () => {
    const wide = parts({ mail: { width: 1000, height: 900 } });
    expect(wide.fit()).toBe(true);
    expect(wide.frame.style).toMatchObject({ width: '1000px', transform: 'scale(0.5)' });
    expect(wide.box.style.height).toBe('452px');

    const actual = parts({ mail: { width: 1000, height: 900 } });
    expect(actual.fit(true)).toBe(true);
    expect(actual.frame.style.transform).toBe('');
    expect(actual.box.style.height).toBe('902px');
  });

  it('leaves the frame alone while there is nothing to measure', () => {
    // The empty page before the first load, a mail still loading (no element yet), a pane
    // not laid out: none of them may size the frame, nor throw.
    for (const state of [
      parts({ url: 'about:blank' }),
      parts({ mail: null }),
      parts({ pane: 0 }),
    ]) {
      expect(state.fit()).toBe(false);
      expect(state.frame.style).toEqual({});
      expect(state.box.style).toEqual({});
    }
  });

  it('keeps the default height for a document not laid out yet', () => {
    const { frame, box, fit } = parts({ mail: { width: 400, height: 0 } });
    expect(fit()).toBe(false);
    expect(frame.style.height).toBe('');
    expect(box.style.height).toBe('');
  });
});
