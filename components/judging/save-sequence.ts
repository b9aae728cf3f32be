/**
 * Which save of a key is the latest (PURE). Each judgement save carries the whole verdict, and the
 * saves of one key are chained; so a key is saved only once its LATEST save went through. An
 * earlier one finishing while a later change still waits must not mark the key saved: the page
 * would say "saved" (and a reload then would lose the later change).
 */
export function createSaveSequence() {
  const latest = new Map<string, number>();
  return {
    /** A new save of `key`: its number. */
    start(key: string): number {
      const n = (latest.get(key) ?? 0) + 1;
      latest.set(key, n);
      return n;
    },
    /** Save `n` of `key` is the last one asked for: its outcome is the key's state. */
    isLatest(key: string, n: number): boolean {
      return latest.get(key) === n;
    },
  };
}
