import { describe, expect, it } from "vitest";
import { parseExternalIdentity } from "./participant-identity";
import { requestOrigin, studyLinks } from "./study-links";

const headers = (h: Record<string, string>) => new Headers(h);

describe("studyLinks", () => {
  it("gives the full URL for account holders only when the study uses no platform", () => {
    expect(studyLinks("https://playhead.example.org/", "st1", [])).toEqual([
      expect.objectContaining({ key: "accounts", url: "https://playhead.example.org/s/st1" }),
    ]);
  });

  it("adds Prolific's placeholders, which the link's landing reads as a Prolific identity once filled in", () => {
    const links = studyLinks("http://127.0.0.1:3000", "st1", ["prolific"]);
    const prolific = links.find((l) => l.key === "prolific")!;
    expect(prolific.url).toBe("http://127.0.0.1:3000/s/st1?PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}");
    const filled = new URL(prolific.url.replace("{{%PROLIFIC_PID%}}", "5f0c1a2b3c4d5e6f7a8b9c0d").replace("{{%STUDY_ID%}}", "S1").replace("{{%SESSION_ID%}}", "X1"));
    expect(parseExternalIdentity(filled.searchParams)).toEqual({
      kind: "external",
      identity: { source: "prolific", externalId: "5f0c1a2b3c4d5e6f7a8b9c0d", externalStudyId: "S1", externalSessionId: "X1" },
    });
  });

  it("gives MTurk the plain URL (MTurk appends its own ids), in platform order, and keeps a base path", () => {
    const links = studyLinks("https://lab.example.org/playhead", "a b", ["mturk", "prolific"]);
    expect(links.map((l) => l.key)).toEqual(["accounts", "prolific", "mturk"]);
    expect(links[2].url).toBe("https://lab.example.org/playhead/s/a%20b");
    const appended = new URL(`${links[2].url}?assignmentId=A1&hitId=H1&workerId=W1&turkSubmitTo=https%3A%2F%2Fx`);
    expect(parseExternalIdentity(appended.searchParams)).toMatchObject({ kind: "external", identity: { source: "mturk", externalId: "W1" } });
    // The note tells the researcher how to use it, and that MTurk's frame is not supported yet.
    expect(links[2].note).toMatch(/open it in a tab of its own and paste the completion code into the HIT/);
    expect(links[2].note).toMatch(/Not inside an ExternalQuestion frame yet/);
  });
});

describe("requestOrigin", () => {
  it("reads the host and the forwarded scheme", () => {
    expect(requestOrigin(headers({ host: "10.0.0.5:3000" }))).toBe("http://10.0.0.5:3000");
    expect(requestOrigin(headers({ host: "internal:3000", "x-forwarded-host": "lab.example.org", "x-forwarded-proto": "https" }))).toBe("https://lab.example.org");
  });

  it("refuses a missing or odd host", () => {
    expect(requestOrigin(headers({}))).toBeNull();
    expect(requestOrigin(headers({ host: "evil.example/<script>" }))).toBeNull();
  });
});
