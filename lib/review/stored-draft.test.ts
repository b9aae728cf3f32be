import { describe, expect, it } from "vitest";
import { e1Doc } from "./test-docs";
import { nextStoredDraft, readStoredDraft, REMEMBERED_SAVES, replayedVersion } from "./stored-draft";

describe("stored draft", () => {
  it("reads nothing or junk as an empty draft", () => {
    expect(readStoredDraft(null)).toEqual({ draft: { picks: [], note: "" }, saves: [] });
    expect(readStoredDraft({ picks: "no", saves: [{ clientSaveId: 3 }] })).toEqual({ draft: { picks: [], note: "" }, saves: [] });
  });

  it("reads the draft the expert sample seeds ({picks, note, document})", () => {
    const document = e1Doc([10], [20]);
    expect(readStoredDraft({ picks: [], note: "", document })).toEqual({ draft: { picks: [], note: "", document }, saves: [] });
  });

  it("round-trips the draft and remembers the save ids with their versions", () => {
    const draft = { picks: [{ differenceId: "moments:0.a1", take: 1 }], note: "B is right" };
    const s1 = readStoredDraft(nextStoredDraft(readStoredDraft(null), draft, "save-aaaaaaaa", 2));
    expect(s1.draft).toEqual(draft);
    expect(replayedVersion(s1, "save-aaaaaaaa")).toBe(2);
    expect(replayedVersion(s1, "save-bbbbbbbb")).toBeNull();
  });

  it("forgets the oldest save ids beyond the limit", () => {
    let stored = readStoredDraft(null);
    for (let v = 2; v < 2 + REMEMBERED_SAVES + 3; v++) stored = readStoredDraft(nextStoredDraft(stored, { picks: [], note: "" }, `save-${v}-xxxxxx`, v));
    expect(stored.saves).toHaveLength(REMEMBERED_SAVES);
    expect(replayedVersion(stored, "save-2-xxxxxx")).toBeNull();
    expect(replayedVersion(stored, `save-${1 + REMEMBERED_SAVES + 3}-xxxxxx`)).toBe(1 + REMEMBERED_SAVES + 3);
  });
});
