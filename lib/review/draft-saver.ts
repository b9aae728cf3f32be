/**
 * Autosave of the adjudication draft (PURE logic: transport, timers and ids are injected; the
 * browser wiring is components/adjudication/use-draft-saver.ts). Same rules as the workspace's
 * autosave: every change is sent after a pause of `debounceMs` (≤ 1 s), one request at a time,
 * each based on the version the previous one produced; a failed attempt (network, 5xx) is retried
 * with the SAME clientSaveId; 409 `version_conflict` stops sending and exposes the server's draft
 * (keep mine / take theirs); 409 `not_disputed` makes the view read-only.
 */
import type { AdjudicationConflict, AdjudicationDraftInput, SaveAdjudicationDraftBody } from "./api-schemas";

export type DraftSaveAnswer = { status: number; body: unknown };

export type DraftSaverDeps = {
  /** PUT /api/adjudications/:id/draft; throws on network failure. */
  send(body: SaveAdjudicationDraftBody): Promise<DraftSaveAnswer>;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  newId(): string;
  debounceMs?: number;
  retryMs?: number;
};

export type DraftSaverStatus = "saved" | "pending" | "saving" | "offline" | "conflict" | "closed" | "error";

export type DraftSaverState = {
  status: DraftSaverStatus;
  version: number;
  /** The server's draft when a save met a newer version. */
  conflict: AdjudicationConflict["current"] | null;
  message: string | null;
};

export type DraftSaver = {
  getState(): DraftSaverState;
  subscribe(listener: (s: DraftSaverState) => void): () => void;
  /** Queues this draft (replacing any unsent one). */
  update(draft: AdjudicationDraftInput): void;
  /** Sends the queued draft now; resolves when nothing is left to send (or sending stopped). */
  flush(): Promise<void>;
  /** Conflict: overwrite the server's draft with this one (based on the server's version). */
  keepMine(draft: AdjudicationDraftInput): void;
  /** Conflict: drop the unsent draft and continue from the server's; returns it. */
  takeTheirs(): AdjudicationConflict["current"]["draft"] | null;
  /** The version changed elsewhere (e.g. a resolve answered): continue from it. */
  setVersion(version: number): void;
  stop(): void;
};

type Entry = { clientSaveId: string; draft: AdjudicationDraftInput; attempted: boolean };

function errorOf(body: unknown): { code?: string; message?: string; details?: unknown } {
  const b = body as { error?: { code?: string; message?: string; details?: unknown } } | null;
  return b?.error ?? {};
}

export function createDraftSaver(baseVersion: number, deps: DraftSaverDeps): DraftSaver {
  const debounceMs = Math.min(1000, deps.debounceMs ?? 600);
  const retryMs = deps.retryMs ?? 2000;
  let state: DraftSaverState = { status: "saved", version: baseVersion, conflict: null, message: null };
  const listeners = new Set<(s: DraftSaverState) => void>();
  /** The entry being sent (frozen), and the newest unsent draft. */
  let inFlight: Entry | null = null;
  let next: AdjudicationDraftInput | null = null;
  let timer: unknown = null;
  let stopped = false;
  let idle: Promise<void> | null = null;

  const set = (patch: Partial<DraftSaverState>) => {
    state = { ...state, ...patch };
    for (const l of listeners) l(state);
  };
  const schedule = (ms: number) => {
    if (timer !== null) deps.clearTimer(timer);
    timer = deps.setTimer(() => {
      timer = null;
      void pump();
    }, ms);
  };

  async function sendOnce(entry: Entry): Promise<"again" | "done" | "stop"> {
    entry.attempted = true;
    set({ status: "saving" });
    let answer: DraftSaveAnswer;
    try {
      answer = await deps.send({ baseVersion: state.version, clientSaveId: entry.clientSaveId, draft: entry.draft });
    } catch {
      set({ status: "offline", message: "Not saved: no connection. Retrying…" });
      return "again";
    }
    if (answer.status === 200) {
      const v = (answer.body as { version?: number } | null)?.version;
      set({ version: typeof v === "number" ? v : state.version, message: null });
      return "done";
    }
    const err = errorOf(answer.body);
    if (answer.status === 409 && err.code === "version_conflict") {
      const current = (err.details as AdjudicationConflict | undefined)?.current ?? null;
      set({ status: "conflict", conflict: current, message: "Someone else saved this adjudication meanwhile." });
      return "stop";
    }
    if (answer.status === 409 || answer.status === 403 || answer.status === 404) {
      set({ status: "closed", message: err.message ?? `Saving is no longer possible (${answer.status}).` });
      return "stop";
    }
    if (answer.status >= 500) {
      set({ status: "offline", message: "Not saved: the server failed. Retrying…" });
      return "again";
    }
    set({ status: "error", message: err.message ?? `Not saved (${answer.status}).` });
    return "done";
  }

  async function pump(): Promise<void> {
    if (idle) return idle;
    idle = (async () => {
      while (!stopped && state.status !== "conflict" && state.status !== "closed") {
        if (!inFlight) {
          if (!next) break;
          inFlight = { clientSaveId: deps.newId(), draft: next, attempted: false };
          next = null;
        }
        const r = await sendOnce(inFlight);
        if (r === "again") {
          schedule(retryMs);
          break;
        }
        if (r === "stop") {
          // The refused draft stays the newest unsent one (unless a newer change came).
          next = next ?? inFlight.draft;
          inFlight = null;
          break;
        }
        inFlight = null;
      }
      if (!inFlight && !next && (state.status === "saving" || state.status === "pending")) set({ status: "saved" });
    })();
    try {
      await idle;
    } finally {
      idle = null;
    }
  }

  return {
    getState: () => state,
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    update(draft) {
      if (stopped || state.status === "closed") return;
      next = draft;
      if (state.status === "conflict") return;
      if (state.status !== "saving" && state.status !== "offline") set({ status: "pending" });
      schedule(debounceMs);
    },
    async flush() {
      if (timer !== null) {
        deps.clearTimer(timer);
        timer = null;
      }
      await pump();
      if (idle) await idle;
    },
    keepMine(draft) {
      const c = state.conflict;
      if (!c) return;
      next = draft;
      set({ status: "pending", version: c.version, conflict: null, message: null });
      schedule(0);
    },
    takeTheirs() {
      const c = state.conflict;
      if (!c) return null;
      next = null;
      set({ status: "saved", version: c.version, conflict: null, message: null });
      return c.draft;
    },
    setVersion(version) {
      set({ version });
    },
    stop() {
      stopped = true;
      if (timer !== null) deps.clearTimer(timer);
      timer = null;
    },
  };
}
