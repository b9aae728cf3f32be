/**
 * The launch proxy's queue order (scripts/cluster/haproxy-config.ts QUEUE_CLASSES, docs/deploy.md
 * "A launch burst"): requests of a trial in progress (segments, playlists, answers, a free-rewatch
 * video, a query point's still) leave the queue before every other request, whatever arrived first;
 * then a newcomer's claim of their session; then their consent, the study's pages and the app's
 * static files; then everything else. Walks EVERY API route of the app (app/api/** /route.ts,
 * parameters filled in) and the participant's pages through the real HAProxy (Debian package
 * `haproxy`) with the generated configuration, so a route added later is classified by the same
 * rule and checked here.
 *
 * How: one request holds the app's only slot (maxconn 1); ordinary filler requests queue behind
 * it; then one probe per route, the most favoured class last. When the slot frees, the queue is
 * served by class and then by arrival: the trial probes must reach the app first, then the claim,
 * then the consent class, then the fillers (which came before every other probe).
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
/** Then the newcomer who has consented: the claim of their session. */
const CLAIM_ROUTES = ["/api/sessions/p2/claim"];
/** Then consent, the participant's pages (study, session, done) and the app's static files. */
const CONSENT_ROUTES = ["/api/studies/p2/consent"];
const PARTICIPANT_PAGES = ["/s/study1", "/s/study1/session/session1", "/s/study1/done", "/_next/static/chunks/app.js"];
/** Ordinary pages: no class of their own. */
const OTHER_PAGES = ["/", "/projects/p1", "/login", "/sessions/s1/claim-page"];

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

describe("HAProxy's queue during a launch: a trial in progress first, then newcomers by how far they have got", () => {
  it("serves queued requests by class (trial, claim, consent and pages, the rest), walking all API routes", async () => {
    const routes = await apiRoutePaths();
    // The walk found the app's routes, including every favoured route and ordinary ones around them.
    expect(routes.length).toBeGreaterThan(40);
    for (const t of [...TRIAL_ROUTES, ...CLAIM_ROUTES, ...CONSENT_ROUTES]) expect(routes).toContain(t);
    for (const other of ["/api/sessions/p2", "/api/studies/p2/enter", "/api/tasks/p2/claim", "/api/adjudications/p2/claim"]) expect(routes).toContain(other);
    const favoured = new Set([...TRIAL_ROUTES, ...CLAIM_ROUTES, ...CONSENT_ROUTES]);
    const ordinary = [...routes.filter((r) => !favoured.has(r)), ...OTHER_PAGES];

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
    // The most favoured last: only the priority class can put them ahead.
    const consentClass = [...CONSENT_ROUTES, ...PARTICIPANT_PAGES];
    for (const group of [ordinary, consentClass, CLAIM_ROUTES, TRIAL_ROUTES]) {
      for (const p of group) pending.push(get(p));
      await Promise.all(pending.map((r) => r.sent));
      await sleep(50); // each group into the queue after the one before
    }
    await sleep(300); // read by HAProxy: every probe waits in its queue
    releaseBlocker();
    const statuses = await Promise.all(pending.map((r) => r.status));
    expect(statuses.every((s) => s === 200)).toBe(true);

    expect(received[0]).toBe("/blocker");
    const order = received.slice(1);
    const take = (n: number) => order.splice(0, n);
    expect(take(TRIAL_ROUTES.length).sort()).toEqual([...TRIAL_ROUTES].sort());
    expect(take(CLAIM_ROUTES.length)).toEqual(CLAIM_ROUTES);
    expect(take(consentClass.length).sort()).toEqual([...consentClass].sort());
    // Then the fillers in their order, which queued before every ordinary probe.
    expect(take(fillers.length)).toEqual(fillers);
    expect(order.sort()).toEqual([...ordinary].sort());
  }, 60_000);
});
