import { describe, expect, it } from "vitest";
import { participantEmail, parseExternalIdentity } from "./participant-identity";

describe("platform identities", () => {
  it("Prolific", () => {
    const r = parseExternalIdentity(new URLSearchParams("PROLIFIC_PID=5f0c0a7d1f1f1f1f1f1f1f1f&STUDY_ID=s1&SESSION_ID=x-9"));
    expect(r).toEqual({ kind: "external", identity: { source: "prolific", externalId: "5f0c0a7d1f1f1f1f1f1f1f1f", externalStudyId: "s1", externalSessionId: "x-9" } });
  });

  it("MTurk, and its preview", () => {
    expect(parseExternalIdentity({ workerId: "A1B2", assignmentId: "3XYZ", hitId: "H" })).toEqual({
      kind: "external",
      identity: { source: "mturk", externalId: "A1B2", externalStudyId: "H", externalSessionId: "3XYZ" },
    });
    expect(parseExternalIdentity({ assignmentId: "ASSIGNMENT_ID_NOT_AVAILABLE", hitId: "H" })).toEqual({ kind: "preview" });
  });

  it("refuses malformed ids by name", () => {
    expect(parseExternalIdentity(new URLSearchParams("PROLIFIC_PID="))).toEqual({ kind: "invalid", message: "PROLIFIC_PID is missing" });
    expect(parseExternalIdentity(new URLSearchParams("PROLIFIC_PID=a%20b"))).toMatchObject({ kind: "invalid", message: /PROLIFIC_PID must be/ });
    expect(parseExternalIdentity({ workerId: "W" })).toEqual({ kind: "invalid", message: "assignmentId is missing" });
    // The submission id is what binds a participant: a Prolific entry without it is refused.
    expect(parseExternalIdentity(new URLSearchParams("PROLIFIC_PID=abc&STUDY_ID=s"))).toEqual({ kind: "invalid", message: "SESSION_ID is missing" });
    expect(parseExternalIdentity({})).toEqual({ kind: "none" });
  });

  it("one synthetic, unroutable email per platform id and study, the id exactly as issued", () => {
    expect(participantEmail({ source: "prolific", externalId: "ABC" }, "study1")).toBe("prolific.study1.ABC@participants.playhead.invalid");
    expect(participantEmail({ source: "prolific", externalId: "abc" }, "study1")).not.toBe(participantEmail({ source: "prolific", externalId: "ABC" }, "study1"));
    expect(participantEmail({ source: "mturk", externalId: "A1" }, "study2")).not.toBe(participantEmail({ source: "mturk", externalId: "A1" }, "study1"));
  });
});
