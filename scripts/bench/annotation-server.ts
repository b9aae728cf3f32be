/**
 * A plain Node HTTP server mounting the annotation route handlers (annotation-routes.ts), so the
 * annotation benchmark's simulated annotators do not share the server's CPU. Uses DATABASE_URL /
 * PLAYHEAD_DATA_DIR / NEXTAUTH_SECRET from the environment; listens on 127.0.0.1 on a free port
 * and prints `listening <port>`. `GET /__bench/stats`: RSS and CPU time. Benchmark tooling only.
 */
import http from "node:http";
import { dispatch, preloadRoutes } from "./annotation-routes";

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", async () => {
    try {
      const url = new URL(req.url ?? "/", "http://localhost:3000");
      if (url.pathname === "/__bench/stats") {
        const cpu = process.cpuUsage();
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ rss: process.memoryUsage().rss, cpuMs: (cpu.user + cpu.system) / 1000 }));
        return;
      }
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const response = await dispatch(url, req.method ?? "GET", headers, chunks.length ? Buffer.concat(chunks).toString("utf8") : undefined);
      const bytes = Buffer.from(await response.arrayBuffer());
      res.writeHead(response.status, { "content-type": response.headers.get("content-type") ?? "application/json", "content-length": String(bytes.byteLength) });
      res.end(bytes);
    } catch (e) {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(e instanceof Error ? e.stack : e));
    }
  });
});
server.keepAliveTimeout = 60_000;
process.on("SIGINT", () => process.exit(0));
process.on("SIGTERM", () => process.exit(0));
await preloadRoutes();
server.listen(0, "127.0.0.1", () => {
  const addr = server.address();
  console.log(`listening ${typeof addr === "object" && addr ? addr.port : 0}`);
});
