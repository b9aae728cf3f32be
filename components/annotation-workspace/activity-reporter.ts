/**
 * Browser wiring of time on task (docs/annotation/design.md, "Time on task"): feeds the pure
 * tracker (lib/tasks/activity-tracker.ts) with the page's input, the player's playback and the
 * page's visibility, and reports the covered intervals to POST /api/tasks/:taskId/activity every
 * ACTIVITY_REPORT_MS, when the page is hidden and when it is left (keepalive). The server keeps the
 * union per task and annotator, so a lost, retried or overlapping report (another tab) is harmless.
 *
 * Unacknowledged intervals are kept in localStorage (`playhead.activity.<taskId>.<instance>`) so
 * time worked offline, or in a tab closed before its last report arrived, is sent by the next
 * page opened on the task.
 */
import type { PlayerStore } from "@/lib/player/player-store";
import { unionIntervals, type ActivityInterval } from "@/lib/tasks/activity-intervals";
import { ACTIVITY_REPORT_MS, createActivityTracker } from "@/lib/tasks/activity-tracker";
import type { TaskActivityBody } from "@/lib/tasks/task-schemas";

const PREFIX = "playhead.activity.";
/** Pointer moves count as input at most this often (they arrive at every pixel). */
const MOVE_THROTTLE_MS = 1000;
const INPUT_EVENTS = ["keydown", "pointerdown", "wheel", "touchstart", "input"] as const;

function storageKeys(taskId: string): string[] {
  try {
    const prefix = `${PREFIX}${taskId}.`;
    return Array.from({ length: window.localStorage.length }, (_, i) => window.localStorage.key(i)).filter((k): k is string => !!k && k.startsWith(prefix));
  } catch {
    return [];
  }
}

function readStored(key: string): ActivityInterval[] {
  try {
    const value = JSON.parse(window.localStorage.getItem(key) ?? "[]") as unknown;
    return Array.isArray(value) ? value.filter((i): i is ActivityInterval => Number.isInteger(i?.start) && Number.isInteger(i?.end) && i.end > i.start) : [];
  } catch {
    return [];
  }
}

export type ActivityReporter = {
  /** Sends what is pending now (resolves when answered; false when nothing was acknowledged). */
  report(final?: boolean): Promise<boolean>;
  stop(): void;
};

export function startActivityReporter(taskId: string, player: PlayerStore | null, onStored?: (timeSpentMs: number) => void): ActivityReporter {
  const instance = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const ownKey = `${PREFIX}${taskId}.${instance}`;
  const tracker = createActivityTracker({ visible: document.visibilityState === "visible" });
  // Intervals other pages left unreported (offline, closed too early): sent with this page's.
  const leftKeys = storageKeys(taskId);
  let leftovers = unionIntervals(leftKeys.flatMap(readStored));
  let inFlight = false;
  let lastMove = 0;
  let stopped = false;

  const keep = (intervals: ActivityInterval[]) => {
    try {
      if (intervals.length) window.localStorage.setItem(ownKey, JSON.stringify(intervals));
      else window.localStorage.removeItem(ownKey);
    } catch {
      // Storage full or blocked: the time is still reported while the page is open.
    }
  };

  async function report(final = false): Promise<boolean> {
    const now = Date.now();
    const pending = unionIntervals([...tracker.pending(now), ...leftovers]).map((i) => ({ start: Math.floor(i.start), end: Math.ceil(i.end) }));
    if (pending.length === 0 || (inFlight && !final)) return false;
    keep(pending);
    inFlight = true;
    try {
      const body: TaskActivityBody = { intervals: pending.slice(-500) };
      const res = await fetch(`/api/tasks/${encodeURIComponent(taskId)}/activity`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        credentials: "same-origin",
        keepalive: final,
        body: JSON.stringify(body),
      });
      // 4xx other than 408/429: the server will never take these (task reassigned, not the
      // annotator's): drop them rather than retry forever.
      const done = res.ok || (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429);
      if (!done) return false;
      tracker.acknowledge(body.intervals);
      if (leftovers.length) {
        leftovers = [];
        for (const k of leftKeys) if (k !== ownKey) window.localStorage.removeItem(k);
      }
      keep(unionIntervals(tracker.pending(Date.now())));
      if (res.ok) onStored?.(((await res.json().catch(() => null)) as { timeSpentMs?: number } | null)?.timeSpentMs ?? 0);
      return res.ok;
    } catch {
      return false;
    } finally {
      inFlight = false;
    }
  }

  const onInput = (e: Event) => {
    if (!e.isTrusted) return;
    tracker.input(Date.now());
  };
  const onMove = (e: Event) => {
    const now = Date.now();
    if (!e.isTrusted || now - lastMove < MOVE_THROTTLE_MS) return;
    lastMove = now;
    tracker.input(now);
  };
  const onVisibility = () => {
    const visible = document.visibilityState === "visible";
    tracker.visibility(visible, Date.now());
    if (!visible) void report(true);
  };
  const onLeave = () => {
    tracker.visibility(false, Date.now());
    void report(true);
  };
  for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { capture: true, passive: true });
  window.addEventListener("pointermove", onMove, { capture: true, passive: true });
  document.addEventListener("visibilitychange", onVisibility);
  window.addEventListener("pagehide", onLeave);
  const unsubscribe = player?.subscribe((s, prev) => {
    if (s.playing !== prev.playing) tracker.playback(s.playing, Date.now());
  });
  if (player?.getState().playing) tracker.playback(true, Date.now());
  const timer = window.setInterval(() => void report(), ACTIVITY_REPORT_MS);
  if (leftovers.length) void report();

  return {
    report,
    stop() {
      if (stopped) return;
      stopped = true;
      window.clearInterval(timer);
      for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, { capture: true });
      window.removeEventListener("pointermove", onMove, { capture: true });
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onLeave);
      unsubscribe?.();
      tracker.visibility(false, Date.now());
      void report(true);
    },
  };
}
