/**
 * A small self-contained HTML page for a route a browser navigates to directly (a study link's
 * entry, where a JSON error would be all the participant sees). The status code is kept; the text
 * is escaped. Use {@link wantsHtml} to answer browsers with it and API clients with JSON.
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** Whether the request is a browser's page navigation (its Accept header names text/html). */
export function wantsHtml(request: Request): boolean {
  return /\btext\/html\b/i.test(request.headers.get("accept") ?? "");
}

export function htmlMessagePage(status: number, title: string, message: string, code?: string): Response {
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Playhead</title>
<style>body{font-family:system-ui,sans-serif;color:#0f172a;background:#f8fafc;margin:0}main{max-width:40rem;margin:4rem auto;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:.5rem}h1{font-size:1.5rem;margin:0 0 1rem}p{line-height:1.5}</style>
</head><body><main role="main"><h1>${escape(title)}</h1><p data-testid="refusal-message"${code ? ` data-code="${escape(code)}"` : ""}>${escape(message)}</p></main></body></html>
`;
  return new Response(body, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}
