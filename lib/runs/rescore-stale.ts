import "server-only";
import { db } from "@/lib/db/prisma";
import type { Problem } from "@/lib/metrics/problems";
import { markAllStaleRuns, markStaleRuns, onTruthCommitted } from "@/lib/truth/truth-version";
import { rescoreClaimedRun } from "./rescore-run";

/**
 * Background rescoring of stale runs, safe with several app instances.
 *
 * Claiming: a run is taken by ONE conditional update — `status` DONE/PENDING → RUNNING where id,
 * status, truthVersion and scoredAt still hold the values read — so of several instances (or
 * loops) that read the same candidate exactly one sees count = 1. While RUNNING, `scoredAt`
 * holds the claim time (a lease): a RUNNING run whose claim is older than RESCORE_LEASE_MS (its
 * instance died) can be claimed again the same way. The final write checks the claim still
 * holds (lib/runs/rescore-run.ts). A rescoring that throws leaves the run FAILED (still stale,
 * a `rescore_failed` problem added); FAILED runs are retried only on request (POST
 * .../runs/[runId]/rescore), not in a loop.
 *
 * The loop is in-process and lazy: `ensureRescoreLoop()` starts it the first time the runs or
 * leaderboard code is used in a server process (or from `instrumentation.ts`), every
 * PLAYHEAD_RESCORE_INTERVAL_MS (default 30 s) and at once after `kickRescore()` (called by
 * `onTruthChanged`). Each tick sweeps every project for stale runs, then rescores until none is
 * left. PLAYHEAD_RESCORE_LOOP=off disables it (tests run without it unless it is "on").
 */
export const RESCORE_LEASE_MS = 10 * 60_000;

type Candidate = { id: string; status: "PENDING" | "RUNNING" | "DONE" | "FAILED"; truthVersion: number; scoredAt: Date | null };
const candidateSelect = { id: true, status: true, truthVersion: true, scoredAt: true } as const;

/** Claims a run for rescoring (see above); true when this caller got it. */
export async function claimRun(run: Candidate): Promise<boolean> {
  const { count } = await db.modelRun.updateMany({
    where: { id: run.id, status: run.status, truthVersion: run.truthVersion, scoredAt: run.scoredAt },
    data: { status: "RUNNING", scoredAt: new Date() },
  });
  return count === 1;
}

/** Claims the oldest claimable stale run (of one project, or any); null when there is none. */
export async function claimNextStaleRun(projectId?: string): Promise<string | null> {
  const leaseExpired = new Date(Date.now() - RESCORE_LEASE_MS);
  const candidates = await db.modelRun.findMany({
    where: {
      ...(projectId ? { projectId } : {}),
      stale: true,
      OR: [{ status: { in: ["DONE", "PENDING"] } }, { status: "RUNNING", scoredAt: { lt: leaseExpired } }],
    },
    orderBy: { createdAt: "asc" },
    take: 20,
    select: candidateSelect,
  });
  for (const c of candidates) if (await claimRun(c)) return c.id;
  return null;
}

async function markFailed(runId: string, error: unknown): Promise<void> {
  const run = await db.modelRun.findUnique({ where: { id: runId }, select: { problems: true } });
  const problems = Array.isArray(run?.problems) ? (run!.problems as Problem[]) : [];
  const message = error instanceof Error ? error.message : String(error);
  console.error(`[playhead] rescoring run ${runId} failed`, error);
  await db.modelRun.updateMany({
    where: { id: runId, status: "RUNNING" },
    data: { status: "FAILED", problems: [...problems, { code: "rescore_failed", message: `rescoring failed: ${message}` }] as never },
  });
}

/** Rescores one claimed run; marks it FAILED on error. */
async function rescoreClaimed(runId: string): Promise<boolean> {
  try {
    return await rescoreClaimedRun(runId);
  } catch (error) {
    await markFailed(runId, error);
    return false;
  }
}

/** Claims and rescores the next stale run; its id, or null when none was left. */
export async function rescoreNextStaleRun(projectId?: string): Promise<string | null> {
  const id = await claimNextStaleRun(projectId);
  if (!id) return null;
  await rescoreClaimed(id);
  return id;
}

/** Marks stale runs, then rescores stale runs until none is left (or `max`). Returns the ids handled. */
export async function rescoreStaleRuns(options: { projectId?: string; max?: number } = {}): Promise<string[]> {
  if (options.projectId) await markStaleRuns(options.projectId);
  else await markAllStaleRuns();
  const done: string[] = [];
  const max = options.max ?? Infinity;
  while (done.length < max) {
    const id = await rescoreNextStaleRun(options.projectId);
    if (!id) break;
    done.push(id);
  }
  return done;
}

/**
 * Rescores one run now, whether stale or not (FAILED ones too): claims it (409-style false when
 * another process is rescoring it) and rescoring it synchronously.
 */
export async function rescoreRunNow(runId: string): Promise<"done" | "busy" | "missing"> {
  const run = await db.modelRun.findUnique({ where: { id: runId }, select: candidateSelect });
  if (!run) return "missing";
  const expired = run.status === "RUNNING" && run.scoredAt !== null && run.scoredAt.getTime() < Date.now() - RESCORE_LEASE_MS;
  if (run.status === "RUNNING" && !expired) return "busy";
  if (!(await claimRun(run))) return "busy";
  const ok = await rescoreClaimed(runId);
  if (!ok) {
    const after = await db.modelRun.findUnique({ where: { id: runId }, select: { status: true } });
    if (after?.status === "FAILED") throw new Error("rescoring failed; see the run's problems");
  }
  return "done";
}

// ───────────────────────────── the in-process loop ─────────────────────────────

type LoopState = { timer: ReturnType<typeof setTimeout> | null; running: boolean; again: boolean; intervalMs: number; stopped: boolean };
const g = globalThis as unknown as { playheadRescoreLoop?: LoopState };

function loopEnabled(): boolean {
  const v = (process.env.PLAYHEAD_RESCORE_LOOP ?? "").trim().toLowerCase();
  if (v === "off" || v === "0" || v === "false") return false;
  if (v === "on" || v === "1" || v === "true") return true;
  return !process.env.VITEST && process.env.NEXT_PHASE !== "phase-production-build";
}

function schedule(state: LoopState, delayMs: number): void {
  if (state.stopped) return;
  if (state.timer) clearTimeout(state.timer);
  state.timer = setTimeout(() => void tick(state), delayMs);
  state.timer.unref?.();
}

async function tick(state: LoopState): Promise<void> {
  state.timer = null;
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = true;
  state.again = false;
  try {
    await rescoreStaleRuns();
  } catch (error) {
    console.error("[playhead] rescoring loop", error);
  } finally {
    state.running = false;
    schedule(state, state.again ? 0 : state.intervalMs);
  }
}

/** Starts the loop (once per process); returns a function that stops it. */
export function startRescoreLoop(options: { intervalMs?: number } = {}): () => void {
  let state = g.playheadRescoreLoop;
  if (!state || state.stopped) {
    state = { timer: null, running: false, again: false, intervalMs: options.intervalMs ?? (Number(process.env.PLAYHEAD_RESCORE_INTERVAL_MS) || 30_000), stopped: false };
    g.playheadRescoreLoop = state;
    schedule(state, 1_000);
  }
  const s = state;
  return () => {
    s.stopped = true;
    if (s.timer) clearTimeout(s.timer);
    s.timer = null;
  };
}

/** Starts the loop unless disabled (PLAYHEAD_RESCORE_LOOP=off, tests). Cheap to call on every request. */
export function ensureRescoreLoop(): void {
  if (g.playheadRescoreLoop && !g.playheadRescoreLoop.stopped) return;
  if (loopEnabled()) startRescoreLoop();
}

/** Runs a tick soon (after a truth change). */
export function kickRescore(): void {
  ensureRescoreLoop();
  const state = g.playheadRescoreLoop;
  if (state && !state.stopped) schedule(state, state.running ? 0 : 250);
}

// Truth-changing domains (imports, item edits) signal through lib/truth; the loop wakes here.
onTruthCommitted("rescore", kickRescore);
