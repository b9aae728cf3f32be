import { describe, expect, it } from "vitest";
import { forwarding } from "./forwarding";

class Counter {
  count = 0;
  label = "counter";
  bump(): number {
    this.count += 1;
    return this.count;
  }
  name(): string {
    return this.label;
  }
}

describe("forwarding", () => {
  it("answers the overridden properties and leaves the target untouched", () => {
    const target = new Counter();
    const wrapped = forwarding(target, { name: () => "replaced" });
    expect(wrapped.name()).toBe("replaced");
    expect(target.name()).toBe("counter");
  });

  it("forwards other methods bound to the target, even when detached", () => {
    const target = new Counter();
    const wrapped = forwarding(target, { name: () => "replaced" });
    const bump = wrapped.bump;
    expect(bump()).toBe(1);
    expect(wrapped.bump()).toBe(2);
    expect(target.count).toBe(2);
    expect(wrapped.count).toBe(2);
    expect(wrapped.label).toBe("counter");
  });
});
