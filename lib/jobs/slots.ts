import { jobsConfig } from "./jobs-config";
import { DEFAULT_CONCURRENCY, jobKind } from "./registry";

/**
 * Per-instance concurrency of jobs: a counter per kind and one for the "media" pool (ffmpeg
 * work of every kind together). The in-process runner takes slots without waiting (it claims
 * only what it can start); a request that runs a job inline (an upload's ingest) waits for one.
 * One set per process on globalThis, shared by the runner and inline runs; a runner made for a
 * test that plays a second instance has a set of its own.
 */
export class JobSlots {
  private used = new Map<string, number>();
  private waiters: Array<() => void> = [];

  private limitOf(name: string): number {
    const config = jobsConfig();
    if (name === "pool:media") return config.mediaConcurrency;
    return config.concurrency[name] ?? jobKind(name)?.concurrency ?? DEFAULT_CONCURRENCY;
  }

  private keys(kind: string): string[] {
    return jobKind(kind)?.pool === "media" ? [kind, "pool:media"] : [kind];
  }

  /** Whether a job of the kind could start now. */
  available(kind: string): boolean {
    return this.keys(kind).every((k) => (this.used.get(k) ?? 0) < this.limitOf(k));
  }

  tryAcquire(kind: string): boolean {
    if (!this.available(kind)) return false;
    for (const k of this.keys(kind)) this.used.set(k, (this.used.get(k) ?? 0) + 1);
    return true;
  }

  async acquire(kind: string, signal?: AbortSignal): Promise<void> {
    while (!this.tryAcquire(kind)) {
      if (signal?.aborted) throw signal.reason;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  release(kind: string): void {
    for (const k of this.keys(kind)) this.used.set(k, Math.max(0, (this.used.get(k) ?? 0) - 1));
    const waiting = this.waiters;
    this.waiters = [];
    for (const wake of waiting) wake();
  }
}

const g = globalThis as unknown as { playheadJobSlots?: JobSlots };

/** The process's slots. */
export function processSlots(): JobSlots {
  return (g.playheadJobSlots ??= new JobSlots());
}
