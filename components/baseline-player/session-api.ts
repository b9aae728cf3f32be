/** Browser-side calls of the participant session API (same-origin, cookie session). */
import { retryWhileBusy, type BusyReason } from "@/lib/http/retry-while-busy";
import type { SessionState } from "@/lib/protocol/session-state";

export type ApiError = { status: number; code: string; message: string };

/**
 * `busy`: the call is idempotent, so a launch's busy front end (502/503/504, lib/http/retry-while-busy.ts)
 * is waited out with backoff; `busy` is called before each wait, with why (busyMessage).
 */
async function request<T>(url: string, init?: RequestInit, busy?: (reason: BusyReason) => void): Promise<T> {
  const send = () => fetch(url, { credentials: "same-origin", cache: "no-store", ...init });
  const res = busy ? await retryWhileBusy(send, { onRetry: (_retry, _delay, reason) => busy(reason) }) : await send();
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) {
    const e = (body as { error?: { code?: string; message?: string } } | null)?.error;
    throw { status: res.status, code: e?.code ?? "error", message: e?.message ?? `HTTP ${res.status}` } satisfies ApiError;
  }
  return body as T;
}

export function isApiError(e: unknown): e is ApiError {
  return !!e && typeof e === "object" && "status" in e && "code" in e;
}

/** Claims the session for this tab (idempotent for the same tab: retried while the front end is busy, calling `onBusy`). */
export function claimSession(sessionId: string, tabId: string, onBusy?: (reason: BusyReason) => void): Promise<SessionState> {
  return request(
    `/api/sessions/${encodeURIComponent(sessionId)}/claim`,
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ tabId }) },
    onBusy ?? (() => {}),
  );
}

export function fetchState(sessionId: string, tabId: string): Promise<SessionState> {
  return request(`/api/sessions/${encodeURIComponent(sessionId)}?tabId=${encodeURIComponent(tabId)}`);
}

export function postAnswer(
  sessionId: string,
  body: { askIndex: number; tabId: string; version: number; answer: unknown; latencyMs?: number; positionSec?: number },
): Promise<{ accepted: true; version: number; completed: boolean; state: SessionState }> {
  return request(`/api/sessions/${encodeURIComponent(sessionId)}/answers`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** This tab's id for a session (kept across reloads of the tab, new in a new tab). */
export function tabIdFor(sessionId: string): string {
  const key = `playhead-tab-${sessionId}`;
  try {
    const existing = sessionStorage.getItem(key);
    if (existing) return existing;
    const id = crypto.randomUUID().replace(/-/g, "");
    sessionStorage.setItem(key, id);
    return id;
  } catch {
    return crypto.randomUUID().replace(/-/g, "");
  }
}
