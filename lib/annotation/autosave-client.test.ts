import { describe, expect, it } from "vitest";
import type { SaveAnnotationBody } from "./api-schemas";
import { createAutosaveClient, storageKey, type AutosaveDeps, type PersistedAutosave, type SaveAnswer } from "./autosave-client";
import type { AnnotationDocument, VcbenchDocument } from "./document";

const doc = (n: number): VcbenchDocument => ({
  benchmark: "VCBENCH",
  v: 1,
  subtype: "E1-Action",
  moments: Array.from({ length: n }, (_, i) => ({ id: `m${i}`, at: { frame: i * 10, sec: i * 0.4 }, label: "", comment: "" })),
  occurrences: [],
  identities: [],
  window: null,
  countAtStart: null,
  countAtEnd: null,
  queryPoints: [],
  notes: "",
});

/** A fake server with the real endpoint's rules (replay by id, CAS on the version) and a fake clock. */
function harness(opts: { version?: number; online?: boolean; storage?: Map<string, string>; tabId?: string; start?: number; liveTabs?: string[]; server?: ReturnType<typeof newServer> } = {}) {
  const storage = opts.storage ?? new Map<string, string>();
  let now = opts.start ?? 1_000_000;
  let seq = 0;
  const timers: { at: number; fn: () => void; id: number }[] = [];
  const server = opts.server ?? {
    version: opts.version ?? 1,
    data: doc(0) as AnnotationDocument,
    applied: new Map<string, number>(),
    requests: [] as SaveAnnotationBody[],
    online: opts.online ?? true,
    /** The next answer is lost after being applied (the response never reaches the client). */
    loseNextAnswer: false,
    refuse: null as string | null,
    refuseDetails: undefined as unknown,
  };
  const save = async (_id: string, body: SaveAnnotationBody): Promise<SaveAnswer> => {
    await Promise.resolve();
    if (!server.online) throw new TypeError("Failed to fetch");
    server.requests.push(body);
    const replay = server.applied.get(body.clientSaveId);
    if (replay) return { status: 200, body: { version: replay, savedAt: "t", replayed: true } };
    if (body.baseVersion !== server.version) {
      return { status: 409, body: { error: { code: "version_conflict", message: "conflict", details: { current: { version: server.version, data: server.data, updatedAt: "t", authorName: "Ann" } } } } };
    }
    if (server.refuse) return { status: 422, body: { error: { code: "invalid_document", message: server.refuse, details: server.refuseDetails } } };
    server.version += 1;
    server.data = body.data as AnnotationDocument;
    server.applied.set(body.clientSaveId, server.version);
    if (server.loseNextAnswer) {
      server.loseNextAnswer = false;
      throw new TypeError("connection reset");
    }
    return { status: 200, body: { version: server.version, savedAt: `v${server.version}`, replayed: false } };
  };
  const deps: AutosaveDeps = {
    save,
    storage: {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
      removeItem: (k) => void storage.delete(k),
      keys: () => [...storage.keys()],
    },
    now: () => now,
    setTimer: (fn, ms) => {
      const id = ++seq;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimer: (h) => {
      const i = timers.findIndex((t) => t.id === h);
      if (i >= 0) timers.splice(i, 1);
    },
    newId: () => `${opts.tabId ?? "tabA"}-save-${String(++seq).padStart(4, "0")}`,
  };
  const client = createAutosaveClient({ annotationId: "ann1", tabId: opts.tabId ?? "tabA", baseVersion: server.version, baseDoc: server.data, ...(opts.liveTabs ? { liveTabs: new Set(opts.liveTabs) } : {}) }, deps);
  /** Advances the fake clock, running due timers and letting promises settle. */
  const advance = async (ms: number) => {
    const until = now + ms;
    for (;;) {
      await flushPromises();
      timers.sort((a, b) => a.at - b.at);
      const next = timers[0];
      if (!next || next.at > until) break;
      timers.shift();
      now = next.at;
      next.fn();
    }
    now = until;
    await flushPromises();
  };
  return { client, server, storage, advance, deps };
}

type Server = { version: number; data: AnnotationDocument; applied: Map<string, number>; requests: SaveAnnotationBody[]; online: boolean; loseNextAnswer: boolean; refuse: string | null; refuseDetails: unknown };
function newServer(): Server {
  return { version: 1, data: doc(0), applied: new Map(), requests: [], online: true, loseNextAnswer: false, refuse: null, refuseDetails: undefined };
}

async function flushPromises() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

describe("autosave client", () => {
  it("debounces a burst of edits into one save at most ~1 s behind", async () => {
    const { client, server, advance } = harness();
    for (let i = 1; i <= 5; i++) {
      client.enqueue(doc(i));
      await advance(200);
    }
    // 5 edits 200 ms apart: the max wait (1 s after the first) sends by then.
    expect(server.requests.length).toBe(1);
    await advance(2000);
    expect(server.data).toEqual(doc(5));
    expect(client.getState()).toMatchObject({ status: "saved", unsaved: 0, baseVersion: server.version });
  });

  it("a lost answer is retried with the same clientSaveId and applied once", async () => {
    const { client, server, advance } = harness();
    server.loseNextAnswer = true;
    client.enqueue(doc(1));
    await advance(700);
    expect(client.getState().offline).toBe(true);
    await advance(2000);
    const ids = server.requests.map((r) => r.clientSaveId);
    expect(ids.length).toBe(2);
    expect(ids[0]).toBe(ids[1]);
    expect(server.version).toBe(2); // applied once
    expect(client.getState()).toMatchObject({ status: "saved", baseVersion: 2, offline: false });
  });

  it("offline: queues and persists, counts unsaved changes, sends in order when back", async () => {
    const { client, server, storage, advance } = harness();
    server.online = false;
    client.enqueue(doc(1));
    await advance(700);
    client.enqueue(doc(2));
    client.enqueue(doc(3));
    await advance(3000);
    expect(client.getState()).toMatchObject({ status: "offline", unsaved: 3 });
    const rec = JSON.parse(storage.get(storageKey("ann1", "tabA"))!) as PersistedAutosave;
    expect(rec.queue.map((e) => e.data.benchmark === "VCBENCH" && e.data.moments.length)).toEqual([1, 3]);
    server.online = true;
    client.retryNow();
    await advance(100);
    expect(server.requests.map((r) => (r.data as VcbenchDocument).moments.length)).toEqual([1, 3]);
    expect(server.requests.map((r) => r.baseVersion)).toEqual([1, 2]);
    expect(client.getState()).toMatchObject({ status: "saved", unsaved: 0, baseVersion: 3 });
    expect(storage.has(storageKey("ann1", "tabA"))).toBe(false);
  });

  it("a reload recovers this tab's unsent changes; an abandoned tab's queue is adopted", async () => {
    const storage = new Map<string, string>();
    const a = harness({ storage, online: false });
    a.client.enqueue(doc(4));
    await a.advance(700);
    a.client.dispose();
    const reloaded = harness({ storage, online: true });
    expect(reloaded.client.recovered).toEqual(doc(4));
    expect(reloaded.client.getState().unsaved).toBe(1);
    const otherTab = harness({ storage, online: true, tabId: "tabB", start: 1_000_000 + 60_000 });
    // tabA's record is still there (the reloaded client has not sent yet) and 60 s old: adopted.
    expect(otherTab.client.recovered).toEqual(doc(4));
    expect(storage.has(storageKey("ann1", "tabA"))).toBe(false);
  });

  it("409 version_conflict stops and shows both versions; keep mine saves on top of theirs", async () => {
    const { client, server, advance } = harness();
    server.version = 5; // another tab saved meanwhile
    server.data = doc(9);
    client.enqueue(doc(1));
    await advance(1000);
    const s = client.getState();
    expect(s.status).toBe("conflict");
    expect(s.conflict?.theirs.version).toBe(5);
    expect(s.conflict?.mine).toEqual(doc(1));
    client.enqueue(doc(2)); // still editing while the dialog is open
    expect(client.getState().conflict?.mine).toEqual(doc(2));
    client.keepMine(client.getState().conflict!.mine);
    await advance(100);
    expect(server.data).toEqual(doc(2));
    expect(server.version).toBe(6);
    expect(client.getState()).toMatchObject({ status: "saved", conflict: null, baseVersion: 6 });
  });

  it("another tab's save, announced: with unsaved changes here the conflict opens before any save; nothing is sent", async () => {
    const { client, server, advance } = harness();
    client.enqueue(doc(1)); // unsaved, debounce pending
    server.version = 2; // the other tab's save reached the server
    server.data = doc(4);
    client.remoteSaved({ version: 2, data: doc(4), updatedAt: "t", authorName: "you, in another tab" });
    expect(client.getState()).toMatchObject({ status: "conflict", adopted: null });
    expect(client.getState().conflict?.theirs.version).toBe(2);
    expect(client.getState().conflict?.mine).toEqual(doc(1));
    await advance(2000);
    expect(server.requests.length).toBe(0);
    // a still newer save of the other tab replaces "theirs" in the open dialog; an older one does not
    client.remoteSaved({ version: 3, data: doc(5), updatedAt: "t", authorName: "x" });
    client.remoteSaved({ version: 2, data: doc(4), updatedAt: "t", authorName: "x" });
    expect(client.getState().conflict?.theirs.version).toBe(3);
  });

  it("another tab's save, announced: with nothing unsaved the newer version is taken over and the next edit builds on it", async () => {
    const { client, server, advance } = harness();
    server.version = 2;
    server.data = doc(4);
    client.remoteSaved({ version: 2, data: doc(4), updatedAt: "t", authorName: "x" });
    const s = client.getState();
    expect(s).toMatchObject({ status: "saved", baseVersion: 2, conflict: null });
    expect(s.adopted).toEqual({ version: 2, data: doc(4) });
    client.remoteSaved({ version: 1, data: doc(0), updatedAt: "t", authorName: "x" }); // stale: ignored
    expect(client.getState().adopted).toBe(s.adopted);
    client.enqueue(doc(4)); // the page shows the adopted document: not a change
    await advance(2000);
    expect(server.requests.length).toBe(0);
    client.enqueue(doc(5));
    await advance(2000);
    expect(server.requests.map((r) => r.baseVersion)).toEqual([2]);
    expect(client.getState()).toMatchObject({ status: "saved", baseVersion: 3 });
  });

  it("take theirs: the queue is dropped and an equal document is not saved again", async () => {
    const { client, server, advance } = harness();
    server.version = 3;
    server.data = doc(7);
    client.enqueue(doc(1));
    await advance(1000);
    client.acceptServer({ version: 3, data: doc(7) });
    client.enqueue(doc(7));
    await advance(2000);
    expect(server.requests.length).toBe(1);
    expect(client.getState()).toMatchObject({ status: "saved", unsaved: 0, baseVersion: 3 });
  });

  it("422: the message is shown, the next change replaces the refused save with a new id", async () => {
    const { client, server, advance } = harness();
    server.refuse = "data.moments[0].at.frame: is outside the video";
    client.enqueue(doc(1));
    await advance(1000);
    expect(client.getState()).toMatchObject({ status: "refused", message: server.refuse });
    server.refuse = null;
    client.enqueue(doc(2));
    await advance(1000);
    expect(server.requests.length).toBe(2);
    expect(server.requests[0].clientSaveId).not.toBe(server.requests[1].clientSaveId);
    expect(server.data).toEqual(doc(2));
    expect(client.getState().status).toBe("saved");
  });

  it("422 of a save in flight while the annotator kept editing: the newer document is sent, never stuck as refused", async () => {
    const { client, server, advance, deps } = harness();
    server.refuse = "data.identities[1].id: duplicate id";
    const realSave = deps.save;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    deps.save = async (id, body) => {
      await gate;
      const answer = await realSave(id, body);
      server.refuse = null;
      return answer;
    };
    client.enqueue(doc(1));
    await advance(1000);
    expect(client.getState().status).toBe("saving");
    client.enqueue(doc(2));
    release();
    await advance(2000);
    expect(server.requests.length).toBe(2);
    expect(server.data).toEqual(doc(2));
    expect(client.getState()).toMatchObject({ status: "saved", unsaved: 0 });
  });

  it("flush resolves true when everything is saved, false when offline", async () => {
    const { client, server, advance } = harness();
    client.enqueue(doc(1));
    const ok = client.flush();
    await advance(10);
    await expect(ok).resolves.toBe(true);
    server.online = false;
    client.enqueue(doc(2));
    const notOk = client.flush();
    await advance(10);
    await expect(notOk).resolves.toBe(false);
  });

  it("tabs: a queue whose tab is not alive is taken over at once (no 15 s wait); a live tab's queue is left to it and counted", async () => {
    const storage = new Map<string, string>();
    const server = newServer();
    const a = harness({ storage, server, tabId: "tabA" });
    server.online = false;
    a.client.enqueue(doc(2));
    await a.advance(700);
    a.client.dispose();
    // Reopened 1 s later in another tab, tabA known to be gone (it holds no lock): taken over now.
    const b = harness({ storage, server, tabId: "tabB", start: 1_001_000, liveTabs: [] });
    expect(b.client.recovered).toEqual(doc(2));
    expect(b.client.getState()).toMatchObject({ status: "pending", unsaved: 1, elsewhere: 0 });
    expect(storage.has(storageKey("ann1", "tabA"))).toBe(false);
    server.online = true;
    await b.advance(100);
    expect(server.data).toEqual(doc(2));
    expect(server.requests.filter((r) => (r.data as VcbenchDocument).moments.length === 2)).toHaveLength(1);

    // tabC is alive with a queue: tabD leaves it alone, says it exists, and takes it when tabC goes.
    server.online = false;
    const c = harness({ storage, server, tabId: "tabC", liveTabs: [] });
    c.client.enqueue(doc(3));
    await c.advance(700);
    const d = harness({ storage, server, tabId: "tabD", liveTabs: ["tabC"] });
    expect(d.client.recovered).toBeNull();
    expect(d.client.getState()).toMatchObject({ status: "saved", elsewhere: 1 });
    c.client.dispose();
    server.online = true;
    d.client.tabGone("tabC");
    expect(d.client.getState().takenOver?.data).toEqual(doc(3));
    await d.advance(100);
    expect(server.data).toEqual(doc(3));
    expect(d.client.getState()).toMatchObject({ status: "saved", elsewhere: 0, unsaved: 0 });
  });

  it("a burst of typing counts as one change; a 422 names the fields as the panel does", async () => {
    const { client, server, advance } = harness();
    server.online = false;
    client.enqueue({ ...doc(0), notes: "a" });
    client.enqueue({ ...doc(0), notes: "ab" }, { merged: true });
    client.enqueue({ ...doc(0), notes: "abc" }, { merged: true });
    expect(client.getState().unsaved).toBe(1);
    server.online = true;
    await advance(2000);
    expect(server.data).toMatchObject({ notes: "abc" });
    server.refuse = "data.moments[1].at.frame: frame 999 is outside the video";
    server.refuseDetails = { problems: [{ field: "moments[1].at.frame", message: "frame 999 is outside the video" }] };
    client.enqueue(doc(2));
    await advance(2000);
    expect(client.getState()).toMatchObject({ status: "refused", message: "Occurrence 2 time: frame 999 is outside the video" });
  });
});
