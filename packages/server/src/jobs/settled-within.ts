// Waits for a piece of shutdown work at most a given time: a close on a Redis connection still reconnecting after an
// outage (a command queued offline, BullMQ's close) would otherwise wait for good.
export async function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    work.catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}
