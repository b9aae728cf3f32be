/**
 * In-process wake-up of the runner: enqueueing a job calls `wakeRunners()` so the runner of the
 * same process claims it at once instead of at its next poll (other instances find it by
 * polling). On globalThis so that every Next.js bundle shares it.
 */
type Listener = (kind: string) => void;
const g = globalThis as unknown as { playheadJobWake?: Set<Listener> };
const listeners = () => (g.playheadJobWake ??= new Set());

export function onJobEnqueued(listener: Listener): () => void {
  listeners().add(listener);
  return () => void listeners().delete(listener);
}

export function wakeRunners(kind: string): void {
  for (const listener of listeners()) {
    try {
      listener(kind);
    } catch (error) {
      console.error("[playhead] job wake-up", error);
    }
  }
}
