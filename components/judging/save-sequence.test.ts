import { describe, expect, it } from "vitest";
import { createSaveSequence } from "./save-sequence";

describe("createSaveSequence", () => {
  it("an earlier save of a key finishing while a later one waits is not the key's state", () => {
    const seq = createSaveSequence();
    const first = seq.start("3");
    const second = seq.start("3");
    expect(seq.isLatest("3", first)).toBe(false);
    expect(seq.isLatest("3", second)).toBe(true);
  });

  it("keys are counted apart", () => {
    const seq = createSaveSequence();
    const a = seq.start("0");
    const b = seq.start("1");
    expect(seq.isLatest("0", a)).toBe(true);
    expect(seq.isLatest("1", b)).toBe(true);
    seq.start("1");
    expect(seq.isLatest("0", a)).toBe(true);
    expect(seq.isLatest("1", b)).toBe(false);
  });
});
