import { describe, expect, it } from "vitest";
import { defaultReviewProject } from "./default-review-project";

const p = (projectId: string, disputed: number, expert = 0, inProgressMine = 0) => ({ projectId, disputed, expert, inProgressMine });

describe("defaultReviewProject", () => {
  it("opens a project with work, not the first one with none", () => {
    expect(defaultReviewProject([p("demo", 0), p("double", 2)])).toBe("double");
  });
  it("prefers the project where the reviewer holds a claim, then the most open items (expert samples count)", () => {
    expect(defaultReviewProject([p("a", 5), p("b", 1, 0, 1)])).toBe("b");
    expect(defaultReviewProject([p("a", 1), p("b", 0, 3), p("c", 2)])).toBe("b");
  });
  it("falls back to the first project, and to none without projects", () => {
    expect(defaultReviewProject([p("a", 0), p("b", 0)])).toBe("a");
    expect(defaultReviewProject([])).toBeNull();
  });
});
