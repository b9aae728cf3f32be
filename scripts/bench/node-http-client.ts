/**
 * The bench's HTTP client on `node:http` with one keep-alive agent (no limit on sockets, as
 * fetch's default dispatcher): the same requests as fetch(), for less of the load generator's own
 * CPU. The simulated participants share the machine with the server under test; in a real launch
 * their browsers run elsewhere, so every millisecond the load generator spends is one the server
 * under test does not get. Reports each request's split (queued in the client before a socket was
 * ready, then on the wire and in the server) to the trace (client-trace.ts).
 * Benchmark tooling only.
 */
import http from "node:http";

export type HttpResult = { status: number; headers: Headers; text: string; ttfbMs: number };
export type HttpRequest = { method?: string; cookie?: string; json?: unknown };
/** One request's times (performance.now()): created, first written to a socket, response headers in. */
export type RequestSplit = { created: number; sent: number; headers: number; path: string; newSocket: boolean };

export function nodeHttpClient(base: string, onSplit?: (split: RequestSplit) => void): (path: string, req?: HttpRequest) => Promise<HttpResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, scheduling: "lifo" });
  const origin = new URL(base);
  const used = new WeakSet<object>();
  return (p, req = {}) =>
    new Promise<HttpResult>((resolve, reject) => {
      const created = performance.now();
      let sent = created;
      let newSocket = false;
      const body = req.json === undefined ? undefined : JSON.stringify(req.json);
      const headers: Record<string, string> = {};
      if (req.cookie) headers.cookie = req.cookie;
      if (body !== undefined) (headers["content-type"] = "application/json"), (headers["content-length"] = String(Buffer.byteLength(body)));
      const request = http.request(
        { agent, host: origin.hostname, port: origin.port, path: p, method: req.method ?? (body === undefined ? "GET" : "POST"), headers },
        (res) => {
          const ttfbMs = performance.now() - created;
          onSplit?.({ created, sent, headers: performance.now(), path: p, newSocket });
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("error", reject);
          res.on("end", () => {
            const h = new Headers();
            const raw = res.rawHeaders;
            for (let i = 0; i < raw.length; i += 2) h.append(raw[i], raw[i + 1]);
            // Media bytes are counted, not decoded (the participant's player does not decode them as text).
            const media = (res.headers["content-type"] ?? "").startsWith("video/");
            resolve({ status: res.statusCode ?? 0, headers: h, text: media ? "" : Buffer.concat(chunks).toString("utf8"), ttfbMs });
          });
        },
      );
      request.on("socket", (socket) => {
        newSocket = !used.has(socket);
        used.add(socket);
        if (socket.connecting) socket.once("connect", () => (sent = performance.now()));
        else sent = performance.now();
      });
      request.on("error", (e: Error & { code?: string }) => reject(Object.assign(new Error(`request ${p.slice(0, 60)} failed`), { cause: { code: e.code, message: e.message } })));
      request.end(body);
    });
}
