/**
 * The launch proxy's queue order (scripts/cluster/haproxy-config.ts, docs/deploy.md "A launch
 * burst"): requests of a trial in progress (segments, playlists, answers, a free-rewatch video, a
 * query point's still) leave the queue before every other request, whatever arrived first. Walks
 * EVERY API route of the app (app/api/** /route.ts, parameters filled in) through the real HAProxy
 * (Debian package `haproxy`) with the generated configuration, so a route added later is classified
 * by the same rule and checked here.
 *
 * How: one request holds the app's only slot (maxconn 1); ordinary filler requests queue behind
 * it; then one probe per route. When the slot frees, the queue is served by class and then by
 * arrival: the trial probes must reach the app first, then the fillers (which came before every
 * other probe).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startHaproxy, type StartedProxy } from "@/scripts/cluster/harness";

/** The app's API routes as request paths ("[id]" → "p1", "[...slug]" → "a/b"). */
async function apiRoutePaths(): Promise<string[]> {
  const root = path.join(process.cwd(), "app");
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.name === "route.ts") {
        const segments = path
          .relative(root, dir)
          .split(path.sep)
          .filter((s) => !/^\(.*\)$/.test(s)) // route groups are not in the URL
          .map((s, i) => (/^\[\.\.\.|^\[\[\.\.\./.test(s) ? "a/b" : /^\[.*\]$/.test(s) ? `p${i}` : s));
        out.push(`/${segments.join("/")}`);
      }
    }
  };
  await walk(path.join(root, "api"));
  return out.sort();
}

/** The trial routes, as the app names them: what must be served first. */
const TRIAL_ROUTES = ["/api/segments/p2/p3", "/api/sessions/p2/answers", "/api/sessions/p2/media", "/api/sessions/p2/playlist.m3u8", "/api/sessions/p2/still"];

let app: http.Server;
let proxy: StartedProxy;
let dir: string;
const received: string[] = [];
let releaseBlocker: () => void = () => {};
let blockerArrived: () => void = () => {};

beforeAll(async () => {
  app = http.createServer((req, res) => {
    const url = req.url ?? "";
    if (url === "/ready") return res.end("ok");
    received.push(url);
    const answer = () => res.end(`ok ${url}`);
    if (url === "/blocker") {
      blockerArrived();
      releaseBlocker = answer;
    } else answer();
  });
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  dir = await mkdtemp(path.join(os.tmpdir(), "playhead-haproxy-priority-"));
  const port = (app.address() as AddressInfo).port;
  proxy = await startHaproxy({ port: await freePort(), upstreams: [`127.0.0.1:${port}`], dir, maxConnPerInstance: 1, readyPath: "/ready" });
}, 30_000);

afterAll(async () => {
  await proxy?.stop();
  await new Promise((r) => app?.close(r));
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A GET through the proxy on its own connection: `sent` once the request is written out, `status` with the response. */
function get(p: string): { sent: Promise<void>; status: Promise<number> } {
  let sent: () => void = () => {};
  const written = new Promise<void>((r) => (sent = r));
  const status = new Promise<number>((resolve, reject) => {
    const req = http.get(`${proxy.url}${p}`, { agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("finish", sent);
    req.on("error", reject);
  });
  return { sent: written, status };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("HAProxy's queue during a launch: a trial in progress first", () => {
  it("serves every trial route's queued request before every other route's, walking all API routes", async () => {
    const routes = await apiRoutePaths();
    // The walk found the app's routes, including every trial route and ordinary ones around them.
    expect(routes.length).toBeGreaterThan(40);
    for (const t of TRIAL_ROUTES) expect(routes).toContain(t);
    for (const other of ["/api/sessions/p2/claim", "/api/sessions/p2", "/api/studies/p2/enter", "/api/studies/p2/consent"]) expect(routes).toContain(other);

    received.length = 0;
    const arrived = new Promise<void>((r) => (blockerArrived = r));
    const pending = [get("/blocker")];
    await arrived;
    const fillers = Array.from({ length: 5 }, (_, i) => `/filler/${i}`);
    for (const f of fillers) {
      pending.push(get(f));
      await pending[pending.length - 1].sent;
      await sleep(30); // in this order into the queue
    }
    // Ordinary routes first, trial routes last: only the priority class can put the latter ahead.
    const probes = [...routes.filter((r) => !TRIAL_ROUTES.includes(r)), ...routes.filter((r) => TRIAL_ROUTES.includes(r))];
    for (const p of probes) pending.push(get(p));
    await Promise.all(pending.map((r) => r.sent));
    await sleep(300); // read by HAProxy: every probe waits in its queue
    releaseBlocker();
    const statuses = await Promise.all(pending.map((r) => r.status));
    expect(statuses.every((s) => s === 200)).toBe(true);

    expect(received[0]).toBe("/blocker");
    const afterBlocker = received.slice(1);
    expect(afterBlocker.slice(0, TRIAL_ROUTES.length).sort()).toEqual([...TRIAL_ROUTES].sort());
    // Then the fillers in their order, which queued before every ordinary probe.
    expect(afterBlocker.slice(TRIAL_ROUTES.length, TRIAL_ROUTES.length + fillers.length)).toEqual(fillers);
    expect(afterBlocker.length).toBe(TRIAL_ROUTES.length + fillers.length + routes.length - TRIAL_ROUTES.length);
  }, 60_000);
});
