/**
 * A plain Node HTTP server mounting a route table (route-table.ts), so a benchmark's simulated
 * clients do not share the server's CPU. Uses DATABASE_URL / PLAYHEAD_DATA_DIR / NEXTAUTH_SECRET
 * from the environment; loads every handler, listens on 127.0.0.1 on a free port and prints
 * `listening <port>`. `GET /__bench/stats`: this process's RSS (now and peak), CPU time and
 * event-loop delay (max and p99 since the last `?reset`).
 * Benchmark tooling only.
 */
import http from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { RouteTable } from "./route-table";

export async function serveRoutes(table: RouteTable): Promise<void> {
  let peakRss = process.memoryUsage().rss;
  setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100).unref();
  // How long the event loop was held at once (a synchronous stall delays every request).
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();

  // The longest a request took inside this process (from its headers to the end of the response).
  let handlingMaxMs = 0;
  // The longest a new connection waited between being accepted and its first request event.
  let acceptToRequestMaxMs = 0;
  const acceptedAt = new WeakMap<object, number>();
  const server = http.createServer((req, res) => {
    const received = performance.now();
    const accepted = acceptedAt.get(req.socket);
    if (accepted !== undefined) {
      acceptToRequestMaxMs = Math.max(acceptToRequestMaxMs, received - accepted);
      acceptedAt.delete(req.socket);
    }
    res.on("finish", () => (handlingMaxMs = Math.max(handlingMaxMs, performance.now() - received)));
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      try {
        const url = new URL(req.url ?? "/", "http://localhost:3000");
        if (url.pathname === "/__bench/stats") {
          const cpu = process.cpuUsage();
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify({ rss: process.memoryUsage().rss, peakRss, cpuMs: (cpu.user + cpu.system) / 1000, loopDelayMaxMs: loop.max / 1e6, loopDelayP99Ms: loop.percentile(99) / 1e6, handlingMaxMs, acceptToRequestMaxMs }));
          if (url.searchParams.has("reset")) {
            loop.reset();
            handlingMaxMs = 0;
            acceptToRequestMaxMs = 0;
          }
          return;
        }
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
        const body = chunks.length ? Buffer.concat(chunks).toString("utf8") : undefined;
        const response = await table.dispatch(url, req.method ?? "GET", headers, body);
        const bytes = Buffer.from(await response.arrayBuffer());
        const out: Record<string, string | string[]> = {};
        response.headers.forEach((v, k) => {
          if (k !== "set-cookie") out[k] = v;
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length) out["set-cookie"] = cookies;
        out["content-length"] = String(bytes.byteLength);
        res.writeHead(response.status, out);
        res.end(bytes);
      } catch (e) {
        res.writeHead(500, { "content-type": "text/plain" });
        res.end(String(e instanceof Error ? e.stack : e));
      }
    });
  });
  server.on("connection", (socket) => acceptedAt.set(socket, performance.now()));
  server.keepAliveTimeout = 65_000; // as `npm start` (package.json): longer than a participant's pause, and than a proxy's idle timeout
  // Exit cleanly on SIGINT / SIGTERM (so --cpu-prof writes its profile).
  process.on("SIGINT", () => process.exit(0));
  process.on("SIGTERM", () => process.exit(0));
  await table.preloadRoutes();
  // A launch opens hundreds of connections at once: a longer accept queue than Node's 511.
  server.listen({ port: 0, host: "127.0.0.1", backlog: 4096 }, () => {
    const addr = server.address();
    console.log(`listening ${typeof addr === "object" && addr ? addr.port : 0}`);
  });
}
