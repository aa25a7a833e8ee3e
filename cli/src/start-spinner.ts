export interface Spinner {
  update(text: string): void;
  stop(): void;
}

const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/**
 * A one-line spinner with the seconds elapsed, redrawn in place on `stream` (stderr, so it
 * never mixes with the output). Only on a terminal: elsewhere it draws nothing.
 */
export function startSpinner(stream: NodeJS.WriteStream, text: string): Spinner {
  if (!stream.isTTY) return { update() {}, stop() {} };
  const started = Date.now();
  let frame = 0;
  let current = text;
  const draw = () => {
    const seconds = Math.floor((Date.now() - started) / 1000);
    stream.write(`\r${frames[frame++ % frames.length]} ${current} ${seconds} s\x1b[K`);
  };
  draw();
  const timer = setInterval(draw, 100);
  return {
    update(next) {
      current = next;
      draw();
    },
    stop() {
      clearInterval(timer);
      stream.write('\r\x1b[K');
    },
  };
}
