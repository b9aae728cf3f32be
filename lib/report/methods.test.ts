import { describe, expect, it } from "vitest";
import { methodsMarkdown, methodsNumbers, methodsParagraphs, methodsText, type MethodsFacts } from "./methods";

const facts: MethodsFacts = {
  studies: [
    {
      id: "s1",
      name: "Stream",
      protocol: "STREAMING",
      source: "/admin/studies/s1",
      platforms: [{ name: "prolific", count: 3 }, { name: "accounts", count: 1 }],
      recruited: 4,
      sessions: 5,
      completedSessions: 3,
      counted: 2,
      excludeFailedAttention: false,
      failedAttention: 1,
      timedOut: 0,
      incomplete: 1,
      queryPoints: 9,
      playbackRate: 1,
      allowVoluntaryPause: false,
      medianAnswerSeconds: 4.25,
    },
  ],
  agreement: {
    agreementSource: "/a",
    qualificationSource: "/q",
    passes: [2],
    doubleReviewed: 10,
    kappas: [{ label: "counts quadratic κ", estimate: 0.81234, lower: 0.7, upper: 0.9, items: 10 }],
    disputed: 3,
    adjudicated: 2,
    qualificationKappa: 0.8,
    goldSets: 1,
  },
};

describe("methods paragraph", () => {
  const p = methodsParagraphs(facts);
  it("says every count of the records, each linked to its source", () => {
    const text = methodsText(p);
    expect(text).toContain("we recruited 4 [1] participants (3 [1] via Prolific, 1 [1] via Playhead accounts)");
    expect(text).toContain("pauses at each query point (9 [1] query points in total)".replace("pauses", "paused"));
    expect(text).toContain("completed 3 [1] of 5 [1] sessions");
    expect(text).toContain("counts the 2 [1] participants with a completed session");
    expect(text).toContain("1 [1] participant left without completing a session and 0 [1] ran out");
    expect(text).toContain("1 [1] participant failed at least one attention check (flagged, kept in the baseline)");
    expect(text).toContain("4.3 [1] s");
    expect(text).toContain("counts quadratic κ 0.812 [2] [0.700 [2], 0.900 [2]]");
    expect(text).toContain("\n\nSources:\n[1] /admin/studies/s1\n[2] /a\n[3] /q\n");
    const md = methodsMarkdown(p, "http://x");
    expect(md).toContain('[4](http://x/admin/studies/s1 "Stream: participants recruited")');
    expect(methodsNumbers(p).find((n) => n.what === "Annotation: items disputed")).toEqual({ what: "Annotation: items disputed", value: "3", source: "/a" });
  });
  it("says 'excluded', with a count per reason, when the study excludes failed attention checks", () => {
    const excluding: MethodsFacts = { ...facts, studies: [{ ...facts.studies[0], excludeFailedAttention: true, counted: 1, timedOut: 2 }] };
    const text = methodsText(methodsParagraphs(excluding));
    expect(text).toContain("the human row counts the 1 [1] participant with a completed session and no failed attention check.");
    expect(text).toContain("Excluded: 1 [1] participant failed at least one attention check, 1 [1] left without completing a session and 2 [1] ran out of the study's time limit.");
    expect(text).not.toContain("kept in the baseline");
    expect(text).not.toContain("Not counted");
  });
});
