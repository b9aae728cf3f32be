/**
 * Browser wiring of the autosave client (lib/annotation/autosave-client.ts): fetch, localStorage,
 * timers, a per-tab id (sessionStorage: survives reload, differs between tabs), retry when the
 * browser comes back online, and a BroadcastChannel per annotation on which each acknowledged save
 * is announced, so another tab open on the same task learns of it at once (a conflict shown before
 * its next save, or the newer version taken over when it has nothing unsaved).
 *
 * Which tabs are alive: each client holds a Web Lock named after its annotation and tab
 * (`playhead.autosave.<annotationId>.<tabId>`) for as long as it runs; the browser releases it when
 * the tab closes, crashes or leaves the task. Opening the task asks which of those locks are held:
 * a queue whose tab holds none was left behind and is taken over at once (sent, shown); a live
 * tab's queue is left to it and counted as unsaved elsewhere. The client also waits on each live
 * tab's lock, so a tab closed later has its queue taken over the moment it goes. A tab duplicated
 * from this one (same sessionStorage id) finds its id's lock held and takes a new id. Without Web
 * Locks the live tabs answer a ping on the BroadcastChannel, and a tab says it is going (`gone`,
 * on pagehide and when it leaves the task) so that another tab open on the task takes its queue
 * over, unless a ping shortly after finds it back (a reload); a tab that crashed is found by the
 * ping of the next tab to open the task. Without either, the heartbeat rule of the client applies.
 */
import type { AnnotationConflict, SaveAnnotationBody, SaveAnnotationResponse } from "@/lib/annotation/api-schemas";
import { createAutosaveClient, type AutosaveClient } from "@/lib/annotation/autosave-client";
import type { AnnotationDocument } from "@/lib/annotation/document";

/** A random id usable as a clientSaveId (letters, digits, - and _). */
export function randomId(prefix = ""): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return prefix + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

const TAB_KEY = "playhead.tabId";

export function tabId(): string {
  try {
    let id = window.sessionStorage.getItem(TAB_KEY);
    if (!id) {
      id = randomId("tab");
      window.sessionStorage.setItem(TAB_KEY, id);
    }
    return id;
  } catch {
    return randomId("tab");
  }
}

/** A new id for this tab (it was duplicated: the copied id belongs to the original tab). */
function renewTabId(): string {
  const id = randomId("tab");
  try {
    window.sessionStorage.setItem(TAB_KEY, id);
  } catch {
    // sessionStorage blocked: the id lives as long as this page
  }
  return id;
}

export async function saveRequest(annotationId: string, body: SaveAnnotationBody) {
  const r = await fetch(`/api/annotations/${encodeURIComponent(annotationId)}`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
  const json = await r.json().catch(() => null);
  return { status: r.status, body: json };
}

type SavedMessage = { from: string; current: AnnotationConflict["current"] };
type TabMessage = SavedMessage | { from: string; ping: true } | { from: string; alive: string } | { from: string; gone: string };

const LOCK_PREFIX = "playhead.autosave.";
const lockName = (annotationId: string, tab: string) => `${LOCK_PREFIX}${annotationId}.${tab}`;

function savedChannel(annotationId: string): BroadcastChannel | null {
  return typeof BroadcastChannel === "function" ? new BroadcastChannel(`playhead.annotation.${annotationId}`) : null;
}

const locks = (): LockManager | null => (typeof navigator !== "undefined" && navigator.locks && typeof navigator.locks.query === "function" ? navigator.locks : null);

/** The tabs alive on this annotation now, or undefined when this browser cannot tell. */
async function liveTabsOf(annotationId: string, channel: BroadcastChannel | null, instance: string): Promise<Set<string> | undefined> {
  const lm = locks();
  if (lm) {
    const prefix = `${LOCK_PREFIX}${annotationId}.`;
    const snapshot = await lm.query().catch(() => null);
    if (!snapshot) return undefined;
    // Held only: pending requests include other tabs waiting on a lock (watch below), not its owner.
    return new Set((snapshot.held ?? []).map((l) => l.name ?? "").filter((n) => n.startsWith(prefix)).map((n) => n.slice(prefix.length)));
  }
  if (!channel) return undefined;
  const live = new Set<string>();
  const onMessage = (ev: MessageEvent<TabMessage>) => {
    if (ev.data && "alive" in ev.data) live.add(ev.data.alive);
  };
  channel.addEventListener("message", onMessage);
  channel.postMessage({ from: instance, ping: true } satisfies TabMessage);
  await new Promise((r) => window.setTimeout(r, 250));
  channel.removeEventListener("message", onMessage);
  return live;
}

export type BrowserAutosave = { client: AutosaveClient; stop: () => void };

export async function createBrowserAutosave(annotationId: string, baseVersion: number, baseDoc: AnnotationDocument): Promise<BrowserAutosave> {
  // Not the tab id: a duplicated tab copies sessionStorage, and it must still hear the original.
  const instance = randomId("i");
  const channel = savedChannel(annotationId);
  let live = await liveTabsOf(annotationId, channel, instance);
  let tab = tabId();
  if (live?.has(tab)) {
    // This page reloaded and the previous one may still be letting its lock go; or the tab was
    // duplicated and the original holds it. Ask again shortly: still held = a duplicate.
    await new Promise((r) => window.setTimeout(r, 300));
    live = await liveTabsOf(annotationId, channel, instance);
    if (live?.has(tab)) tab = renewTabId();
  }
  live?.delete(tab);

  // Hold this tab's lock while the client runs.
  const lm = locks();
  const released: (() => void)[] = [];
  const abort = new AbortController();
  lm?.request(lockName(annotationId, tab), { signal: abort.signal }, () => new Promise<void>((resolve) => released.push(resolve))).catch(() => undefined);
  /** Waits for another tab's lock (granted = that tab let it go), lets it go at once, and unless the tab is back (a reload) says it is gone. */
  const watch = (other: string, gone: () => void) => {
    if (!lm) return;
    const name = lockName(annotationId, other);
    lm.request(name, { signal: abort.signal }, () => {
      window.setTimeout(() => {
        if (abort.signal.aborted) return;
        void lm.query().then((s) => {
          const back = (s.held ?? []).some((l) => l.name === name);
          if (!back) gone();
          else watch(other, gone);
        });
      }, 500);
    }).catch(() => undefined);
  };

  const client = createAutosaveClient(
    { annotationId, tabId: tab, baseVersion, baseDoc, ...(live ? { liveTabs: live } : {}) },
    {
      save: async (id, body) => {
        const answer = await saveRequest(id, body);
        if (answer.status === 200 && channel) {
          const res = answer.body as SaveAnnotationResponse;
          const message: SavedMessage = { from: instance, current: { version: res.version, data: body.data as AnnotationDocument, updatedAt: res.savedAt, authorName: "you, in another tab" } };
          channel.postMessage(message);
        }
        return answer;
      },
      storage: {
        getItem: (k) => window.localStorage.getItem(k),
        setItem: (k, v) => window.localStorage.setItem(k, v),
        removeItem: (k) => window.localStorage.removeItem(k),
        keys: () => Array.from({ length: window.localStorage.length }, (_, i) => window.localStorage.key(i)).filter((k): k is string => k !== null),
      },
      now: () => Date.now(),
      setTimer: (fn, ms) => window.setTimeout(fn, ms),
      clearTimer: (h) => window.clearTimeout(h as number),
      newId: () => randomId("s"),
    },
  );
  // Granted once the other tab has let its lock go (closed, crashed, left the task).
  for (const other of live ?? []) watch(other, () => client.tabGone(other));

  // Without Web Locks: say so when this tab goes, and take over the queue of a tab that said so.
  const fallback = !lm && channel !== null;
  const sayGone = () => {
    if (fallback) channel!.postMessage({ from: instance, gone: tab } satisfies TabMessage);
  };
  const goneTimers = new Set<number>();
  const heardGone = (other: string) => {
    const t = window.setTimeout(() => {
      goneTimers.delete(t);
      void liveTabsOf(annotationId, channel, instance).then((now) => {
        if (now && !now.has(other)) client.tabGone(other);
      });
    }, 700);
    goneTimers.add(t);
  };

  const online = () => client.retryNow();
  const beat = window.setInterval(() => client.touch(), 5000);
  // Unsent changes are already in localStorage (taken over by the next visit): no "leave?"
  // prompt, just one last attempt to send them now.
  const beforeUnload = () => {
    if (client.getState().unsaved > 0) void client.flush();
  };
  const onMessage = (ev: MessageEvent<TabMessage>) => {
    const m = ev.data;
    if (!m || m.from === instance) return;
    if ("current" in m && m.current) client.remoteSaved(m.current);
    else if ("ping" in m) channel?.postMessage({ from: instance, alive: tab } satisfies TabMessage);
    else if ("gone" in m && fallback && m.gone !== tab) heardGone(m.gone);
  };
  const onStorage = (ev: StorageEvent) => {
    if (ev.key === null || ev.key.startsWith(`playhead.autosave.${annotationId}.`)) client.othersChanged();
  };
  channel?.addEventListener("message", onMessage);
  window.addEventListener("online", online);
  window.addEventListener("beforeunload", beforeUnload);
  window.addEventListener("pagehide", sayGone);
  window.addEventListener("storage", onStorage);
  return {
    client,
    stop() {
      window.clearInterval(beat);
      window.removeEventListener("online", online);
      window.removeEventListener("beforeunload", beforeUnload);
      window.removeEventListener("pagehide", sayGone);
      window.removeEventListener("storage", onStorage);
      for (const t of goneTimers) window.clearTimeout(t);
      channel?.removeEventListener("message", onMessage);
      sayGone();
      channel?.close();
      client.dispose();
      abort.abort();
      for (const r of released) r();
    },
  };
}
