/** Browser-side calls of the admin study API (JSON; never throws). */
export type StudyApiResult<T> = { ok: true; data: T } | { ok: false; status: number; code: string | null; message: string };

export async function studyApi<T>(method: "GET" | "POST" | "PATCH" | "PUT", url: string, body?: unknown): Promise<StudyApiResult<T>> {
  try {
    const res = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const payload = await res.json().catch(() => null);
    if (res.ok) return { ok: true, data: payload as T };
    return { ok: false, status: res.status, code: payload?.error?.code ?? null, message: payload?.error?.message ?? `The server answered ${res.status}.` };
  } catch {
    return { ok: false, status: 0, code: null, message: "Could not reach the server." };
  }
}
