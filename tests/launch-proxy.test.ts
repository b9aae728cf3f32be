/**
 * The launch proxy (scripts/cluster/haproxy-config.ts, docs/deploy.md "A launch burst"): a burst
 * of clients reaches the app over a few reused connections, with at most `maxconn` requests in the
 * app at once and the rest waiting in the proxy; nothing is refused, and the forwarded client
 * address cannot be spoofed. Runs the real HAProxy (Debian package `haproxy`) in front of a small
 * Node server that counts what it receives.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startHaproxy, type StartedProxy } from "@/scripts/cluster/harness";

const MAXCONN = 3;
let app: http.Server;
let proxy: StartedProxy;
let dir: string;
let inFlight = 0;
let maxInFlight = 0;
let connections = 0;
const forwardedFor: string[] = [];

beforeAll(async () => {
  app = http.createServer((req, res) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    forwardedFor.push(String(req.headers["x-forwarded-for"] ?? ""));
    setTimeout(() => {
      inFlight -= 1;
      res.writeHead(200, { "content-type": "text/plain" });
      res.end(`ok ${req.url}`);
    }, 40);
  });
  app.on("connection", () => (connections += 1));
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  dir = await mkdtemp(path.join(os.tmpdir(), "playhead-haproxy-test-"));
  const port = (app.address() as AddressInfo).port;
  proxy = await startHaproxy({ port: await freePort(), upstreams: [`127.0.0.1:${port}`], dir, maxConnPerInstance: MAXCONN, readyPath: "/ready" });
}, 30_000);

afterAll(async () => {
  await proxy?.stop();
  await new Promise((r) => app?.close(r));
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("HAProxy in front of an instance during a burst", () => {
  it("answers every one of 60 simultaneous requests, never more than maxconn at once in the app, over few connections", async () => {
    maxInFlight = 0;
    connections = 0;
    const responses = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const res = await fetch(`${proxy.url}/burst/${i}`, { headers: { "x-forwarded-for": "6.6.6.6" } });
        return { status: res.status, text: await res.text(), upstream: res.headers.get("x-playhead-upstream") };
      }),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(60).fill(200));
    expect(responses.map((r) => r.text)).toEqual(Array.from({ length: 60 }, (_, i) => `ok /burst/${i}`));
    expect(responses[0].upstream).toBe("app-1");
    expect(maxInFlight).toBe(MAXCONN);
    // The app accepted a handful of connections, not one per client (60 clients connected to the proxy).
    expect(connections).toBeLessThanOrEqual(MAXCONN + 1);
  });

  it("replaces a client's X-Forwarded-For with the address it connected from", () => {
    expect(forwardedFor.length).toBeGreaterThan(0);
    expect(new Set(forwardedFor.slice(-60))).toEqual(new Set(["127.0.0.1"]));
  });
});
