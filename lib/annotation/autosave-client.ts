/**
 * The workspace's autosave client (PURE logic with injected transport, storage and clock; the
 * browser wiring is in components/annotation-workspace/browser-autosave.ts).
 *
 * - Every document change is queued at once and persisted (storage survives reload, crash and
 *   network loss); sending waits for a pause in editing (`debounceMs`) but never more than
 *   `maxWaitMs` after the first unsent change.
 * - One save = one queue entry with its own `clientSaveId`. A failed attempt (network, 5xx) is
 *   retried with the SAME id and body, so the server applies it once. Changes made while an entry
 *   is being sent go into the next entry; entries are sent strictly in order, each based on the
 *   version the previous one produced.
 * - 409 version_conflict stops sending and exposes both versions (`conflict`); the caller resolves
 *   with {@link AutosaveClient.keepMine} / {@link AutosaveClient.acceptServer}. 409
 *   annotation_submitted / task_reassigned → read-only (the message says which). 422 → the message naming the fields; the refused entry is
 *   replaced by the next change (new id).
 * - Tabs: each tab keeps its queue under its own key. A queue whose tab is gone (closed, crashed,
 *   or navigated away) is taken over by the next client on that annotation AT ONCE when the caller
 *   knows which tabs are alive (`liveTabs`, from Web Locks in the browser); without that knowledge,
 *   after `orphanAfterMs` without a heartbeat. A live tab's queue is never taken (it sends it
 *   itself); its unsent changes are counted in `state.elsewhere`, so this tab never says "all
 *   saved" while they exist. {@link AutosaveClient.tabGone}: a live tab went away later.
 */
import type { AnnotationConflict, SaveAnnotationBody, SaveAnnotationResponse } from "./api-schemas";
import type { AnnotationDocument } from "./document";
import { equal } from "./merge-documents";
import { fieldName } from "./entity-names";

export type QueueEntry = {
  clientSaveId: string;
  data: AnnotationDocument;
  /** Edits this entry carries (for "N unsaved changes"). */
  changes: number;
  /** Sent at least once: its body and id are frozen (a retry must be the same save). */
  attempted: boolean;
  /** The server refused it with 422: the next change replaces it (with a new id). */
  refused: boolean;
};

export type PersistedAutosave = {
  v: 1;
  annotationId: string;
  tabId: string;
  heartbeat: number;
  baseVersion: number;
  baseDoc: AnnotationDocument | null;
  queue: QueueEntry[];
};

export type SaveAnswer = { status: number; body: unknown };

export type AutosaveDeps = {
  /** PUT /api/annotations/:id; throws on network failure. */
  save(annotationId: string, body: SaveAnnotationBody): Promise<SaveAnswer>;
  storage: { getItem(k: string): string | null; setItem(k: string, v: string): void; removeItem(k: string): void; keys(): string[] };
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  newId(): string;
};

export type AutosaveStatus = "saved" | "pending" | "saving" | "offline" | "conflict" | "refused" | "submitted" | "error";

export type AutosaveState = {
  status: AutosaveStatus;
  /** Edits not yet acknowledged by the server. */
  unsaved: number;
  baseVersion: number;
  lastSavedAt: string | null;
  /** Message of a refusal / error (names the fields for a 422). */
  message: string | null;
  conflict: { mine: AnnotationDocument; theirs: AnnotationConflict["current"] } | null;
  /** The last network attempt failed; retrying. */
  offline: boolean;
  /**
   * A newer version saved by another tab of this browser, taken over because this tab had no
   * unsaved change (see {@link AutosaveClient.remoteSaved}); the page shows it in place. A new
   * object each time.
   */
  adopted: { version: number; data: AnnotationDocument } | null;
  /** Unsent changes kept by other live tabs of this browser on this annotation (they send them). */
  elsewhere: number;
  /**
   * Unsent changes left by a tab that is gone, taken over after this client started (see
   * {@link AutosaveClient.tabGone}); the page shows `data` in place. A new object each time.
   */
  takenOver: { data: AnnotationDocument; changes: number } | null;
};

export type AutosaveOptions = {
  annotationId: string;
  tabId: string;
  baseVersion: number;
  baseDoc: AnnotationDocument;
  debounceMs?: number;
  maxWaitMs?: number;
  /** A record of another tab older than this is abandoned and may be adopted (when `liveTabs` is unknown). */
  orphanAfterMs?: number;
  /**
   * The ids of the tabs alive now (holding their lock), when the caller can tell: a record of any
   * other tab is then abandoned at once. Undefined: unknown, the heartbeat rule applies.
   */
  liveTabs?: ReadonlySet<string>;
};

export const STORAGE_PREFIX = "playhead.autosave.";

export function storageKey(annotationId: string, tabId: string): string {
  return `${STORAGE_PREFIX}${annotationId}.${tabId}`;
}

export type AutosaveClient = {
  getState(): AutosaveState;
  subscribe(listener: (s: AutosaveState) => void): () => void;
  /** The document of unsent changes found in storage at start (this tab's or an abandoned tab's), or null. */
  recovered: AnnotationDocument | null;
  /** Queue a change (called on every document change); `merged`: it continues the previous change (same burst of typing), not counted again. */
  enqueue(doc: AnnotationDocument, meta?: { merged?: boolean }): void;
  /** Send now (Ctrl+S, before submit); resolves when the queue is empty or sending stopped. */
  flush(): Promise<boolean>;
  /** Conflict: keep my document, saved on top of the server's version. */
  keepMine(mine: AnnotationDocument): void;
  /** Conflict: the server's version becomes the base; my queue is dropped (the caller shows theirs, or a merge that it then enqueues). */
  acceptServer(current: { version: number; data: AnnotationDocument }): void;
  /** The document of the version this tab last had acknowledged (the merge base), or null. */
  baseDocument(): AnnotationDocument | null;
  /** After restore / submit done elsewhere: the server is at `version` with `data`. */
  setBase(version: number, data: AnnotationDocument): void;
  /** The network may be back: retry now. */
  retryNow(): void;
  /** Refresh the heartbeat of this tab's record. */
  touch(): void;
  /**
   * Another tab of this browser saved version `current.version` (it says so at once, on a
   * BroadcastChannel), so a conflict is known before this tab's next save: with unsaved changes
   * here it is the same conflict a 409 would bring (both versions shown, nothing overwritten);
   * with none, this tab takes the newer version over (`state.adopted`). Older or equal versions,
   * and anything after a submit or dispose, are ignored.
   */
  remoteSaved(current: AnnotationConflict["current"]): void;
  /** Other tabs' records changed (a storage event): recount their unsent changes. */
  othersChanged(): void;
  /**
   * Tab `tabId` is gone (its lock was released). Its unsent changes are taken over when this tab
   * has none of its own (`state.takenOver`); otherwise they stay counted in `elsewhere` and are
   * taken over as soon as this tab's queue is empty.
   */
  tabGone(tabId: string): void;
  dispose(): void;
};

export function createAutosaveClient(opts: AutosaveOptions, deps: AutosaveDeps): AutosaveClient {
  const debounceMs = opts.debounceMs ?? 600;
  const maxWaitMs = opts.maxWaitMs ?? 1000;
  const orphanAfterMs = opts.orphanAfterMs ?? 15_000;
  const key = storageKey(opts.annotationId, opts.tabId);

  let baseVersion = opts.baseVersion;
  let baseDoc: AnnotationDocument | null = opts.baseDoc;
  let queue: QueueEntry[] = [];
  let sending = false;
  let stopped: "conflict" | "submitted" | "error" | null = null;
  let disposed = false;
  let timer: unknown = null;
  let firstUnsentAt: number | null = null;
  let retryDelay = 500;
  let flushWaiters: ((ok: boolean) => void)[] = [];
  let state: AutosaveState = { status: "saved", unsaved: 0, baseVersion, lastSavedAt: null, message: null, conflict: null, offline: false, adopted: null, elsewhere: 0, takenOver: null };
  const liveTabs = new Set(opts.liveTabs ?? []);
  const liveKnown = opts.liveTabs !== undefined;
  /** Tabs known to be gone whose records may still be waiting to be taken over. */
  const goneTabs = new Set<string>();
  const listeners = new Set<(s: AutosaveState) => void>();

  const set = (patch: Partial<AutosaveState>) => {
    state = { ...state, ...patch };
    for (const l of [...listeners]) l(state);
  };
  const unsaved = () => queue.reduce((n, e) => n + e.changes, 0);
  const refresh = (patch: Partial<AutosaveState> = {}) => {
    const offline = patch.offline ?? state.offline;
    const status: AutosaveStatus = stopped
      ? stopped
      : offline
        ? "offline"
        : queue.some((e) => e.refused)
          ? "refused"
          : sending
            ? "saving"
            : queue.length
              ? "pending"
              : "saved";
    set({ ...patch, unsaved: unsaved(), baseVersion, status });
    settleWaiters();
  };
  /** Resolves flush() callers once nothing more will happen without a new event. */
  const settleWaiters = () => {
    if (!flushWaiters.length || sending) return;
    const done = queue.length === 0;
    if (!done && !stopped && !state.offline && !queue[0].refused) return;
    const w = flushWaiters;
    flushWaiters = [];
    for (const f of w) f(done);
  };

  const persist = () => {
    try {
      if (queue.length === 0) deps.storage.removeItem(key);
      else {
        const rec: PersistedAutosave = { v: 1, annotationId: opts.annotationId, tabId: opts.tabId, heartbeat: deps.now(), baseVersion, baseDoc, queue };
        deps.storage.setItem(key, JSON.stringify(rec));
      }
    } catch {
      set({ message: "cannot keep unsaved changes in this browser's storage (full or blocked): do not close the tab until they are saved" });
    }
  };

  // ── recover this tab's record, else an abandoned tab's ──
  let recovered: AnnotationDocument | null = null;
  const read = (k: string): PersistedAutosave | null => {
    try {
      const raw = deps.storage.getItem(k);
      const rec = raw ? (JSON.parse(raw) as PersistedAutosave) : null;
      return rec && rec.v === 1 && rec.annotationId === opts.annotationId && Array.isArray(rec.queue) ? rec : null;
    } catch {
      return null;
    }
  };
  /** At start: a record of a tab not alive now (or, not knowing, silent for `orphanAfterMs`). */
  const isAbandoned = (rec: PersistedAutosave) => (liveKnown ? !liveTabs.has(rec.tabId) : deps.now() - rec.heartbeat > orphanAfterMs);
  const prefix = `${STORAGE_PREFIX}${opts.annotationId}.`;
  const otherRecords = () =>
    deps.storage
      .keys()
      .filter((k) => k.startsWith(prefix) && k !== key)
      .map((k) => ({ k, rec: read(k) }))
      .filter((o): o is { k: string; rec: PersistedAutosave } => !!o.rec && o.rec.queue.length > 0);
  const countElsewhere = () => otherRecords().reduce((n, o) => n + o.rec.queue.reduce((m, e) => m + e.changes, 0), 0);
  const own = read(key);
  const adopt = (rec: PersistedAutosave) => {
    if (!rec.queue.length) return false;
    baseVersion = rec.baseVersion;
    baseDoc = rec.baseDoc;
    queue = rec.queue.map((e) => ({ ...e }));
    recovered = queue[queue.length - 1].data;
    return true;
  };
  const newestOrphan = (abandoned: (rec: PersistedAutosave) => boolean) => otherRecords().filter((o) => abandoned(o.rec)).sort((a, b) => b.rec.heartbeat - a.rec.heartbeat)[0] ?? null;
  if (!(own && adopt(own))) {
    const orphan = newestOrphan(isAbandoned);
    if (orphan && adopt(orphan.rec)) {
      deps.storage.removeItem(orphan.k);
      persist();
    }
  }
  state = { ...state, unsaved: unsaved(), baseVersion, status: queue.length ? "pending" : "saved", elsewhere: countElsewhere() };

  /** Takes over the newest record of a tab known to be gone, when this tab has nothing of its own to send. */
  const takeOverOrphan = () => {
    if (disposed || stopped || sending || queue.length) return;
    const orphan = newestOrphan((rec) => goneTabs.has(rec.tabId));
    if (!orphan || !adopt(orphan.rec)) return;
    deps.storage.removeItem(orphan.k);
    persist();
    const changes = unsaved();
    refresh({ takenOver: { data: queue[queue.length - 1].data, changes }, elsewhere: countElsewhere() });
    schedule(0);
  };

  const schedule = (ms: number) => {
    if (disposed) return;
    if (timer !== null) deps.clearTimer(timer);
    timer = deps.setTimer(() => {
      timer = null;
      void pump();
    }, ms);
  };

  async function pump(): Promise<void> {
    if (disposed || sending || stopped) return;
    const head = queue[0];
    if (!head) {
      refresh();
      return;
    }
    if (head.refused) {
      if (queue.length === 1) {
        refresh();
        return;
      }
      // An edit made while the refused save was in flight queued a newer whole document: it
      // supersedes the refused one (which carried the same or earlier changes), so send it.
      const next = queue[1];
      queue.splice(0, 2, { ...next, changes: next.changes + head.changes });
      persist();
      refresh({ message: null });
      void pump();
      return;
    }
    sending = true;
    firstUnsentAt = null;
    if (!head.attempted) {
      head.attempted = true;
      persist();
    }
    refresh();
    let answer: SaveAnswer;
    try {
      answer = await deps.save(opts.annotationId, { baseVersion, clientSaveId: head.clientSaveId, data: head.data });
    } catch {
      sending = false;
      if (disposed) return;
      refresh({ offline: true });
      schedule(retryDelay);
      retryDelay = Math.min(10_000, retryDelay * 2);
      return;
    }
    sending = false;
    if (disposed) return;
    const err = (answer.body as { error?: { code?: string; message?: string; details?: unknown } } | null)?.error;
    if (answer.status === 200) {
      const res = answer.body as SaveAnnotationResponse;
      retryDelay = 500;
      baseVersion = res.version;
      baseDoc = head.data;
      queue.shift();
      persist();
      refresh({ offline: false, lastSavedAt: res.savedAt, message: null });
      if (queue.length) void pump();
      else if (goneTabs.size) takeOverOrphan();
      return;
    }
    if (answer.status === 409 && err?.code === "version_conflict") {
      stopped = "conflict";
      const current = (err.details as AnnotationConflict).current;
      refresh({ offline: false, conflict: { mine: queue[queue.length - 1].data, theirs: current }, message: err.message ?? "version conflict" });
      return;
    }
    if (answer.status === 409 && (err?.code === "annotation_submitted" || err?.code === "task_reassigned")) {
      stopped = "submitted";
      refresh({ offline: false, message: err.message ?? "submitted: read-only" });
      return;
    }
    if (answer.status === 422 || answer.status === 400) {
      head.refused = true;
      persist();
      // Named as the panel names things ("Clip 2 end: ..."), not by document path.
      const problems = (err?.details as { problems?: { field: string; message: string }[] } | undefined)?.problems;
      const named = Array.isArray(problems) && problems.length ? problems.map((p) => `${fieldName(head.data, p.field)}: ${p.message}`).join("; ") : null;
      refresh({ offline: false, message: named ?? err?.message ?? `the server refused the save (HTTP ${answer.status})` });
      if (queue.length > 1) void pump();
      return;
    }
    if (answer.status >= 500 || answer.status === 0 || answer.status === 408 || answer.status === 429) {
      refresh({ offline: true, message: err?.message ?? `the server answered HTTP ${answer.status}; retrying` });
      schedule(retryDelay);
      retryDelay = Math.min(10_000, retryDelay * 2);
      return;
    }
    stopped = "error";
    refresh({ offline: false, message: err?.message ?? `cannot save (HTTP ${answer.status})` });
  }

  const client: AutosaveClient = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    recovered,
    enqueue(doc, meta = {}) {
      if (disposed || stopped === "submitted") return;
      const now = deps.now();
      const tail = queue[queue.length - 1];
      const latest = tail ? tail.data : baseDoc;
      if (latest && equal(latest, doc)) return;
      if (!tail && baseDoc && equal(baseDoc, doc)) return;
      if (tail && (!tail.attempted || tail.refused) && !(sending && tail === queue[0])) {
        const fresh = tail.refused ? { clientSaveId: deps.newId(), attempted: false, refused: false } : {};
        queue[queue.length - 1] = { ...tail, ...fresh, data: doc, changes: tail.changes + (meta.merged ? 0 : 1) };
      } else {
        queue.push({ clientSaveId: deps.newId(), data: doc, changes: 1, attempted: false, refused: false });
      }
      persist();
      if (stopped === "conflict") {
        // Keep the dialog's "mine" current: it is what "keep mine" will save.
        refresh({ conflict: state.conflict ? { ...state.conflict, mine: doc } : null });
        return;
      }
      if (firstUnsentAt === null) firstUnsentAt = now;
      const wait = Math.max(0, Math.min(debounceMs, firstUnsentAt + maxWaitMs - now));
      refresh({ message: queue[0].refused ? state.message : null });
      if (!state.offline) schedule(wait);
    },
    flush() {
      if (!queue.length && !sending) return Promise.resolve(true);
      const p = new Promise<boolean>((resolve) => flushWaiters.push(resolve));
      if (state.offline) retryDelay = 500;
      if (!sending) {
        if (timer !== null) deps.clearTimer(timer);
        timer = null;
        void pump();
      }
      settleWaiters();
      return p;
    },
    keepMine(mine) {
      const current = state.conflict?.theirs;
      if (!current) return;
      const changes = unsaved();
      baseVersion = current.version;
      baseDoc = current.data;
      queue = [{ clientSaveId: deps.newId(), data: mine, changes: Math.max(1, changes), attempted: false, refused: false }];
      stopped = null;
      persist();
      refresh({ conflict: null, message: null });
      void pump();
    },
    acceptServer(current) {
      baseVersion = current.version;
      baseDoc = current.data;
      queue = [];
      stopped = null;
      persist();
      refresh({ conflict: null, message: null, offline: false });
    },
    baseDocument: () => baseDoc,
    setBase(version, data) {
      baseVersion = version;
      baseDoc = data;
      queue = [];
      persist();
      refresh({ message: null });
    },
    retryNow() {
      if (!state.offline || sending) return;
      retryDelay = 500;
      schedule(0);
    },
    touch() {
      if (queue.length) persist();
    },
    remoteSaved(current) {
      if (disposed || stopped === "submitted" || stopped === "error") return;
      if (stopped === "conflict") {
        if (state.conflict && current.version > state.conflict.theirs.version) refresh({ conflict: { ...state.conflict, theirs: current } });
        return;
      }
      if (current.version <= baseVersion) return;
      if (queue.length || sending) {
        stopped = "conflict";
        if (timer !== null) deps.clearTimer(timer);
        timer = null;
        refresh({ conflict: { mine: queue.length ? queue[queue.length - 1].data : (baseDoc ?? current.data), theirs: current }, message: `version ${current.version} was saved in another tab` });
        return;
      }
      baseVersion = current.version;
      baseDoc = current.data;
      persist();
      refresh({ adopted: { version: current.version, data: current.data }, message: null });
    },
    othersChanged() {
      if (disposed) return;
      const n = countElsewhere();
      if (n !== state.elsewhere) refresh({ elsewhere: n });
    },
    tabGone(tabId) {
      if (disposed || tabId === opts.tabId) return;
      liveTabs.delete(tabId);
      goneTabs.add(tabId);
      takeOverOrphan();
      const n = countElsewhere();
      if (n !== state.elsewhere) refresh({ elsewhere: n });
    },
    dispose() {
      disposed = true;
      if (timer !== null) deps.clearTimer(timer);
      listeners.clear();
    },
  };
  // Changes recovered from storage are sent as soon as possible.
  if (queue.length) schedule(0);
  return client;
}
