/** Resolves once `condition` holds; throws after `timeout` ms so a broken test fails, not hangs. */
export async function until(condition: () => boolean, timeout = 2_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
