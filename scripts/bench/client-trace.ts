/**
 * Where a slow request's time goes on the client's side of the socket (bench:baseline, HTTP modes).
 * fetch() is undici inside Node; undici publishes its steps on diagnostics channels, so without
 * touching the client code this records, per request: created (fetch called) -> headers written to
 * a socket -> response headers back, and which socket it went on (new or reused). A request
 * that waits before its headers are written is queued in the client (no free connection, or the
 * client's event loop was busy); one that waits after is in the kernel or the server.
 * The `node:http` client (node-http-client.ts, the default) reports the same split through
 * `record`; fetch() (`--client fetch`) is traced through the channels.
 * Also the bench process's own event-loop delay, since 1,000 simulated clients share it.
 * Benchmark tooling only.
 */
import diagnostics from "node:diagnostics_channel";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { keepSlowest } from "./keep-slowest";
import type { RequestSplit } from "./node-http-client";

type Timing = { created: number; sent?: number; socket?: number; path: string };
type Split = { totalMs: number; queuedMs: number; wireMs: number; what: string; newSocket: boolean; createdAtSec: number };

export type ClientTrace = { lines: () => string[]; record: (split: RequestSplit) => void };

export function startClientTrace(startedAt: number): ClientTrace {
  const requests = new WeakMap<object, Timing>();
  const socketIds = new WeakMap<object, number>();
  const socketUses = new Map<number, number>();
  let sockets = 0;
  let undiciSocketIds = 0;
  let connectErrors = 0;
  const slow: Split[] = [];
  let queuedMax = 0;
  let wireMax = 0;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();

  const now = () => performance.now();
  diagnostics.subscribe("undici:request:create", (m) => {
    const { request } = m as { request: { path: string } };
    requests.set(request, { created: now(), path: request.path });
  });
  diagnostics.subscribe("undici:client:sendHeaders", (m) => {
    const { request, socket } = m as { request: object; socket: object };
    const t = requests.get(request);
    if (!t) return;
    t.sent = now();
    let id = socketIds.get(socket);
    if (id === undefined) socketIds.set(socket, (id = ++undiciSocketIds));
    socketUses.set(id, (socketUses.get(id) ?? 0) + 1);
    t.socket = id;
  });
  const record = ({ created, sent, headers, path, newSocket }: RequestSplit) => {
    const split: Split = {
      totalMs: headers - created,
      queuedMs: sent - created,
      wireMs: headers - sent,
      what: path.replace(/\/[A-Za-z0-9_-]{16,}/g, "/…").slice(0, 60),
      newSocket,
      createdAtSec: (created - startedAt) / 1000,
    };
    if (newSocket) sockets += 1;
    queuedMax = Math.max(queuedMax, split.queuedMs);
    wireMax = Math.max(wireMax, split.wireMs);
    keepSlowest(slow, split, 6, (x) => x.totalMs);
  };
  diagnostics.subscribe("undici:request:headers", (m) => {
    const { request } = m as { request: object };
    const t = requests.get(request);
    if (!t || t.sent === undefined) return;
    record({ created: t.created, sent: t.sent, headers: now(), path: t.path, newSocket: socketUses.get(t.socket ?? -1) === 1 });
  });
  diagnostics.subscribe("undici:client:connectError", () => (connectErrors += 1));

  const ms = (v: number) => `${v.toFixed(1)} ms`;
  return {
    record,
    lines: () => [
      `client sockets      ${sockets} used; connect errors ${connectErrors}`,
      `client event loop   delay p99 ${ms(loop.percentile(99) / 1e6)}  max ${ms(loop.max / 1e6)} (the bench's own process)`,
      `client split        longest wait before the headers were written ${ms(queuedMax)} (in the client); longest wait after ${ms(wireMax)} (kernel or server)`,
      ...slow.map(
        (s) => `  ${ms(s.totalMs)} ${s.what} created at ${s.createdAtSec.toFixed(1)} s: ${ms(s.queuedMs)} before writing, ${ms(s.wireMs)} after${s.newSocket ? " (new socket)" : ""}`,
      ),
    ],
  };
}
