/**
 * Runs `body`, then every clean-up step in order, each whatever happened before it. The first
 * failure is the one thrown: a step that fails after the body (or an earlier step) failed is
 * only logged, so a check that cannot make sense of what a failure left behind never takes
 * the place of the failure itself.
 */
export async function runThenCleanUp(
  body: () => Promise<void>,
  ...steps: (() => unknown)[]
): Promise<void> {
  let first: { error: unknown } | undefined;
  try {
    await body();
  } catch (error) {
    first = { error };
  }
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      if (first) console.warn('a clean-up step failed too, after the failure reported:', error);
      else first = { error };
    }
  }
  if (first) throw first.error;
}
