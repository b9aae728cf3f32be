/**
 * Browser wiring of the autosave client (lib/annotation/autosave-client.ts): fetch, localStorage,
 * timers, a per-tab id (sessionStorage: survives reload, differs between tabs), retry when the
 * browser comes back online, a heartbeat so other tabs can tell an abandoned queue from a live one,
 * and a BroadcastChannel per annotation on which each acknowledged save is announced, so another
 * tab open on the same task learns of it at once (a conflict shown before its next save, or the
 * newer version taken over when it has nothing unsaved) instead of at its next save.
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

export function tabId(): string {
  try {
    let id = window.sessionStorage.getItem("playhead.tabId");
    if (!id) {
      id = randomId("tab");
      window.sessionStorage.setItem("playhead.tabId", id);
    }
    return id;
  } catch {
    return randomId("tab");
  }
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

function savedChannel(annotationId: string): BroadcastChannel | null {
  return typeof BroadcastChannel === "function" ? new BroadcastChannel(`playhead.annotation.${annotationId}`) : null;
}

export function createBrowserAutosave(annotationId: string, baseVersion: number, baseDoc: AnnotationDocument): { client: AutosaveClient; stop: () => void } {
  // Not the tab id: a duplicated tab copies sessionStorage, and it must still hear the original.
  const instance = randomId("i");
  const channel = savedChannel(annotationId);
  const client = createAutosaveClient(
    { annotationId, tabId: tabId(), baseVersion, baseDoc },
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
  const online = () => client.retryNow();
  const beat = window.setInterval(() => client.touch(), 5000);
  // Unsent changes are already in localStorage (sent after the reload / next visit): no "leave?"
  // prompt, just one last attempt to send them now.
  const beforeUnload = () => {
    if (client.getState().unsaved > 0) void client.flush();
  };
  const onSaved = (ev: MessageEvent<SavedMessage>) => {
    if (ev.data?.from !== instance && ev.data?.current) client.remoteSaved(ev.data.current);
  };
  channel?.addEventListener("message", onSaved);
  window.addEventListener("online", online);
  window.addEventListener("beforeunload", beforeUnload);
  return {
    client,
    stop() {
      window.clearInterval(beat);
      window.removeEventListener("online", online);
      window.removeEventListener("beforeunload", beforeUnload);
      channel?.removeEventListener("message", onSaved);
      channel?.close();
      client.dispose();
    },
  };
}
