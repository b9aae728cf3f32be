import { afterEach, describe, expect, it, vi } from "vitest";

import { createCoalescer } from "./judgement-coalescer";

describe("createCoalescer", () => {
  afterEach(() => vi.useRealTimers());

  it("fires once after a burst of calls pauses", () => {
    vi.useFakeTimers();
    const fire = vi.fn();
    const kick = createCoalescer(fire, 1000, 10_000);
    for (let i = 0; i < 8; i++) {
      kick();
      vi.advanceTimersByTime(500);
    }
    expect(fire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it("fires by the maximum wait under a continuous burst, then again for later calls", () => {
    vi.useFakeTimers();
    const fire = vi.fn();
    const kick = createCoalescer(fire, 1000, 3000);
    for (let i = 0; i < 10; i++) {
      kick();
      vi.advanceTimersByTime(400);
    }
    expect(fire).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(fire).toHaveBeenCalledTimes(2);
  });
});
