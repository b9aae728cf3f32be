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
import { retryWhileBusy } from "@/lib/http/retry-while-busy";
import { freePort, startHaproxy, type StartedProxy } from "@/scripts/cluster/harness";
import { BUSY_PAGE } from "@/scripts/cluster/haproxy-config";

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

describe("HAProxy when a request waited its whole queue time", () => {
  let slowApp: http.Server;
  let slowProxy: StartedProxy;
  let slowDir: string;
  const SLOW_MS = 1200;

  beforeAll(async () => {
    slowApp = http.createServer((req, res) => {
      setTimeout(() => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ ok: req.url }));
      }, req.url === "/ready" ? 0 : SLOW_MS);
    });
    await new Promise<void>((resolve) => slowApp.listen(0, "127.0.0.1", resolve));
    slowDir = await mkdtemp(path.join(os.tmpdir(), "playhead-haproxy-busy-"));
    const port = (slowApp.address() as AddressInfo).port;
    slowProxy = await startHaproxy({ port: await freePort(), upstreams: [`127.0.0.1:${port}`], dir: slowDir, maxConnPerInstance: 1, readyPath: "/ready", queueTimeoutMs: 300 });
  }, 30_000);

  afterAll(async () => {
    await slowProxy?.stop();
    await new Promise((r) => slowApp?.close(r));
    if (slowDir) await rm(slowDir, { recursive: true, force: true });
  });

  it("answers 503 with a page that reloads itself; an idempotent call retried with backoff gets through", async () => {
    // One request occupies the only slot; the next ones wait 300 ms in the queue, then get the page.
    const first = fetch(`${slowProxy.url}/consent`, { method: "POST" });
    await sleep(50);
    const turnedAway = await fetch(`${slowProxy.url}/consent`, { method: "POST" });
    expect(turnedAway.status).toBe(503);
    expect(turnedAway.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const page = await turnedAway.text();
    expect(page).toBe(BUSY_PAGE);
    expect(page).toContain("<meta http-equiv='refresh' content='5'>");
    expect(page).toContain("Many participants are starting at once");

    // The browser's way (lib/http/retry-while-busy.ts): retried until the slot is free again.
    const retries: number[] = [];
    const retried = await retryWhileBusy(() => fetch(`${slowProxy.url}/claim`, { method: "POST" }), { baseMs: 200, capMs: 400, onRetry: (k) => retries.push(k) });
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ ok: "/claim" });
    expect(retries.length).toBeGreaterThanOrEqual(1);
    expect((await first).status).toBe(200);
  }, 30_000);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
