import { describe, expect, it } from "vitest";
import { createPlayerStore } from "./player-store";

describe("player store", () => {
  it("notifies subscribers with the new and previous state, only on change", () => {
    const store = createPlayerStore();
    const seen: [number | null, number | null][] = [];
    const off = store.subscribe((s, prev) => seen.push([prev.frameIndex, s.frameIndex]));
    store.setState({ frameIndex: 3 });
    store.setState({ frameIndex: 3 });
    store.setState({ frameIndex: 4, playing: false });
    off();
    store.setState({ frameIndex: 5 });
    expect(seen).toEqual([
      [null, 3],
      [3, 4],
    ]);
    expect(store.getState().frameIndex).toBe(5);
  });
});
