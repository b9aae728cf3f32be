/**
 * A process-wide limit on concurrent heavy work (PURE): at most `max` holders at once, at most
 * `maxQueue` waiting; a caller beyond that is refused at once instead of piling up.
 */
export type Limiter = {
  /** Resolves with a release function once a slot is free; null when the queue is full. */
  acquire(): Promise<(() => void) | null>;
  readonly active: number;
  readonly waiting: number;
};

export function createLimiter(max: number, maxQueue: number): Limiter {
  let active = 0;
  const queue: Array<() => void> = [];
  const release = () => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = queue.shift();
      if (next) next();
      else active -= 1;
    };
  };
  return {
    acquire() {
      if (active < max) {
        active += 1;
        return Promise.resolve(release());
      }
      if (queue.length >= maxQueue) return Promise.resolve(null);
      return new Promise((resolve) => queue.push(() => resolve(release())));
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
