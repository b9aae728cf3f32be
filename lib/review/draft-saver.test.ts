import { describe, expect, it } from "vitest";
import type { SaveAdjudicationDraftBody } from "./api-schemas";
import { createDraftSaver, type DraftSaveAnswer } from "./draft-saver";

/** Manual timers and a scripted server. */
function harness(answers: (DraftSaveAnswer | "network")[]) {
  const sent: SaveAdjudicationDraftBody[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  let ids = 0;
  const saver = createDraftSaver(3, {
    send: async (body) => {
      sent.push(body);
      const a = answers.shift() ?? { status: 200, body: { version: body.baseVersion + 1, replayed: false } };
      if (a === "network") throw new Error("offline");
      return a;
    },
    setTimer: (fn, ms) => {
      const t = { fn, ms };
      timers.push(t);
      return t;
    },
    clearTimer: (h) => {
      const i = timers.indexOf(h as { fn: () => void; ms: number });
      if (i >= 0) timers.splice(i, 1);
    },
    newId: () => `save-${++ids}`,
  });
  const fire = async () => {
    const t = timers.shift();
    t?.fn();
    await saver.flush();
  };
  return { saver, sent, timers, fire };
}

const d = (id: string, take: number) => ({ picks: [{ differenceId: id, take }], note: "" });

describe("draft saver", () => {
  it("sends the newest draft after a pause of at most 1 s, based on the last version", async () => {
    const h = harness([]);
    h.saver.update(d("x", 0));
    h.saver.update(d("x", 1));
    expect(h.saver.getState().status).toBe("pending");
    expect(h.timers.map((t) => t.ms)).toEqual([600]);
    await h.fire();
    expect(h.sent).toEqual([{ baseVersion: 3, clientSaveId: "save-1", draft: d("x", 1) }]);
    expect(h.saver.getState()).toMatchObject({ status: "saved", version: 4 });
    h.saver.update(d("y", 0));
    await h.fire();
    expect(h.sent[1]).toMatchObject({ baseVersion: 4, clientSaveId: "save-2" });
  });

  it("retries a failed attempt with the same clientSaveId", async () => {
    const h = harness(["network", { status: 503, body: null }]);
    h.saver.update(d("x", 0));
    await h.fire();
    expect(h.saver.getState().status).toBe("offline");
    await h.fire();
    await h.fire();
    expect(h.sent.map((s) => s.clientSaveId)).toEqual(["save-1", "save-1", "save-1"]);
    expect(h.saver.getState()).toMatchObject({ status: "saved", version: 4 });
  });

  it("409 version_conflict stops and offers keep mine / take theirs", async () => {
    const theirs = { version: 9, draft: { picks: [{ differenceId: "x", take: 1 }], note: "theirs" }, updatedAt: "2026-01-01T00:00:00.000Z", claimedBy: "Rita" };
    const h = harness([{ status: 409, body: { error: { code: "version_conflict", message: "stale", details: { current: theirs } } } }]);
    h.saver.update(d("x", 0));
    await h.fire();
    expect(h.saver.getState()).toMatchObject({ status: "conflict", conflict: theirs });
    h.saver.update(d("x", 0));
    expect(h.timers).toEqual([]);
    h.saver.keepMine(d("x", 0));
    await h.fire();
    expect(h.sent[1]).toMatchObject({ baseVersion: 9, draft: d("x", 0) });
    expect(h.saver.getState()).toMatchObject({ status: "saved", version: 10, conflict: null });
  });

  it("take theirs returns the server's draft and continues from its version", async () => {
    const theirs = { version: 7, draft: { picks: [], note: "n" }, updatedAt: "2026-01-01T00:00:00.000Z", claimedBy: null };
    const h = harness([{ status: 409, body: { error: { code: "version_conflict", message: "stale", details: { current: theirs } } } }]);
    h.saver.update(d("x", 0));
    await h.fire();
    expect(h.saver.takeTheirs()).toEqual(theirs.draft);
    expect(h.saver.getState()).toMatchObject({ status: "saved", version: 7 });
    h.saver.update(d("z", 1));
    await h.fire();
    expect(h.sent[1]).toMatchObject({ baseVersion: 7 });
  });

  it("409 not_disputed closes the draft with the server's message", async () => {
    const h = harness([{ status: 409, body: { error: { code: "not_disputed", message: "this adjudication is RESOLVED" } } }]);
    h.saver.update(d("x", 0));
    await h.fire();
    expect(h.saver.getState()).toMatchObject({ status: "closed", message: "this adjudication is RESOLVED" });
    h.saver.update(d("x", 1));
    expect(h.timers).toEqual([]);
  });
});
