/** PURE: a debounced call with a maximum wait (used by lib/runs/judgement-rescore.ts). */

type Coalescer = { timer: ReturnType<typeof setTimeout> | null; firstAt: number | null };

/** Returns a function that calls `fire` once calls pause for `quietMs`, or `maxWaitMs` after the first of a continuous burst. */
export function createCoalescer(fire: () => void, quietMs: number, maxWaitMs: number, now: () => number = Date.now): () => void {
  const state: Coalescer = { timer: null, firstAt: null };
  const run = () => {
    state.timer = null;
    state.firstAt = null;
    fire();
  };
  return () => {
    const t = now();
    state.firstAt ??= t;
    if (state.timer) clearTimeout(state.timer);
    const delay = Math.max(0, Math.min(quietMs, state.firstAt + maxWaitMs - t));
    state.timer = setTimeout(run, delay);
    state.timer.unref?.();
  };
}

