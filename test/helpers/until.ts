/**
 * Polls `probe` every 200 ms until it returns something other than undefined, and returns that. Past the
 * timeout it throws, naming what was awaited and adding `context` (a process's log, say) to the message.
 */
export async function until<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  options: { timeoutMs?: number; context?: () => string } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 45_000);
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) {
      const context = options.context?.();
      throw new Error(`timed out waiting for ${what}${context === undefined ? '' : `\n${context}`}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
