/**
 * Browser-side JSON calls to Playhead's API routes (used by the account and admin screens).
 * Never throws: network failures and non-JSON answers become `{ok:false, error}`.
 */
export type ApiFailure = { code: string; message: string; details?: unknown };
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: ApiFailure };

export async function apiRequest<T>(method: "GET" | "POST" | "PATCH" | "DELETE", url: string, body?: unknown): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, status: 0, error: { code: "network", message: "Could not reach the server. Check your connection and try again." } };
  }
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }
  if (response.ok) return { ok: true, data: payload as T };
  const error = (payload as { error?: ApiFailure } | null)?.error;
  if (response.status === 401) {
    return { ok: false, status: 401, error: error ?? { code: "unauthenticated", message: "Your session ended. Sign in again." } };
  }
  return {
    ok: false,
    status: response.status,
    error: error ?? { code: "http_error", message: `The server answered ${response.status} ${response.statusText}.` },
  };
}

/** Field → message map from a 400 answer's details (`[{field, message}]`). */
export function fieldErrors(error: ApiFailure): Record<string, string> {
  const out: Record<string, string> = {};
  if (Array.isArray(error.details)) {
    for (const d of error.details as Array<{ field?: unknown; message?: unknown }>) {
      if (typeof d?.field === "string" && typeof d?.message === "string") out[d.field] ??= d.message;
    }
  }
  return out;
}
