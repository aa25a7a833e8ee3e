/**
 * Opens a streaming response (an event stream) and resolves with everything it sent, once
 * that includes `wanted`; rejects after `timeoutMs`. `opened` resolves with the first chunk,
 * so a caller can wait until the server has subscribed before making the event happen.
 */
export async function listenForText(
  url: string,
  headers: Record<string, string>,
  wanted: string,
  timeoutMs = 10_000,
): Promise<{ status: number; headers: Headers; opened: Promise<void>; text: Promise<string> }> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let received = '';
  let markOpened: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (markOpened = resolve));
  const read = (async () => {
    while (!received.includes(wanted)) {
      const { value, done } = await reader.read();
      if (done) break;
      received += decoder.decode(value, { stream: true });
      markOpened();
    }
    return received;
  })();
  let timer: NodeJS.Timeout | undefined;
  const text = Promise.race([
    read,
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`"${wanted}" not received within ${timeoutMs} ms: ${received}`)),
        timeoutMs,
      );
    }),
  ]).finally(() => {
    clearTimeout(timer);
    controller.abort();
  });
  return { status: response.status, headers: response.headers, opened, text };
}
