import { describe, expect, it } from "vitest";
import { createLimiter } from "./limiter";

describe("createLimiter", () => {
  it("admits up to max, queues up to maxQueue in order, refuses beyond", async () => {
    const limit = createLimiter(2, 1);
    const a = await limit.acquire();
    const b = await limit.acquire();
    expect(limit.active).toBe(2);
    const order: string[] = [];
    const c = limit.acquire().then((r) => (order.push("c"), r));
    expect(limit.waiting).toBe(1);
    expect(await limit.acquire()).toBeNull();
    a!();
    a!(); // a second release is a no-op
    const releaseC = await c;
    expect(order).toEqual(["c"]);
    expect(limit.active).toBe(2);
    b!();
    releaseC!();
    expect(limit.active).toBe(0);
  });
});
