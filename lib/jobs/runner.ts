import "server-only";
import { db, type Db } from "@/lib/db/prisma";
import { claimCandidate, dueCandidates, type ClaimedJob } from "./claim";
import { ensureRecurringJob } from "./enqueue";
import { executeClaimedJob, type AttemptOutcome } from "./execute";
import { jobsConfig, type JobsConfig } from "./jobs-config";
import { jobKind, registeredJobKinds } from "./registry";
import { releaseJob } from "./settle";
import { JobSlots, processSlots } from "./slots";
import { onJobEnqueued } from "./wake";

export type RunnerOptions = {
  /** Prisma client of the queue (default the app's; a test playing a second instance passes its own). */
  store?: Db;
  /** Overrides of the environment's configuration (instanceId, pollMs, leaseMs ...). */
  config?: Partial<JobsConfig>;
  /** Kinds this runner takes (default: every registered kind, read at each poll). */
  kinds?: string[];
  /** Own concurrency slots instead of the process's (a test's second "instance"). */
  ownSlots?: boolean;
  /** Called after each attempt (logging, tests). */
  onAttempt?: (job: ClaimedJob, outcome: AttemptOutcome) => void;
};

/**
 * A worker loop: polls the queue for due jobs of its kinds (every pollMs ± 25 % jitter, so that
 * instances do not poll in step; at once when a job is enqueued in this process or one of its
 * own jobs ends), claims as many as its concurrency slots allow (lib/jobs/claim.ts) and runs
 * them (lib/jobs/execute.ts). Recurring kinds get their one row on start and every minute.
 * `stop()` stops claiming, lets running jobs finish for the grace period, then interrupts the
 * rest and gives them back to the queue (another instance takes them at once, not after the lease).
 */
export class JobRunner {
  readonly store: Db;
  readonly config: JobsConfig;
  private readonly slots: JobSlots;
  private readonly running = new Map<string, Promise<void>>();
  private readonly shutdown = new AbortController();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private started = false;
  private stopped = false;
  private unsubscribe: (() => void) | null = null;
  private recurringCheckedAt = 0;

  constructor(private readonly options: RunnerOptions = {}) {
    this.store = options.store ?? db;
    this.config = { ...jobsConfig(), ...options.config };
    this.slots = options.ownSlots ? new JobSlots() : processSlots();
  }

  get instanceId(): string {
    return this.config.instanceId;
  }

  /** Ids of the jobs this runner is running now. */
  runningJobs(): string[] {
    return [...this.running.keys()];
  }

  start(): this {
    if (this.started) return this;
    this.started = true;
    this.unsubscribe = onJobEnqueued((kind) => {
      if (this.kinds().includes(kind)) this.schedule(10);
    });
    this.schedule(0);
    return this;
  }

  private kinds(): string[] {
    const all = registeredJobKinds();
    return this.options.kinds ? all.filter((k) => this.options.kinds!.includes(k)) : all;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref?.();
  }

  private nextPoll(): number {
    return Math.round(this.config.pollMs * (0.75 + Math.random() * 0.5));
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.again = false;
    this.ticking = (async () => {
      try {
        await this.ensureRecurring();
        const claimedAll = await this.claimAndStart();
        if (!claimedAll) this.again = true;
      } catch (error) {
        console.error("[playhead] job runner poll failed", error);
      }
    })();
    await this.ticking;
    this.ticking = null;
    this.schedule(this.again ? 0 : this.nextPoll());
  }

  private async ensureRecurring(): Promise<void> {
    if (Date.now() - this.recurringCheckedAt < 60_000) return;
    this.recurringCheckedAt = Date.now();
    for (const kind of this.kinds()) {
      const every = jobKind(kind)?.everyMs;
      if (every) await ensureRecurringJob(kind, every(), this.store);
    }
  }

  /** One poll: claims and starts due jobs while slots allow. False when more due jobs may be waiting. */
  private async claimAndStart(): Promise<boolean> {
    const kinds = this.kinds().filter((k) => this.slots.available(k));
    if (!kinds.length) return true;
    const take = 20;
    const now = new Date();
    const candidates = await dueCandidates(this.store, kinds, now, take);
    let started = 0;
    for (const c of candidates) {
      if (this.stopped) return true;
      if (!this.slots.tryAcquire(c.kind)) continue;
      let claimed: Awaited<ReturnType<typeof claimCandidate>> = null;
      try {
        claimed = await claimCandidate(this.store, c, { instanceId: this.config.instanceId, leaseMs: this.config.leaseMs, now });
      } finally {
        if (!claimed || claimed === "failed") this.slots.release(c.kind);
      }
      if (claimed && claimed !== "failed") {
        if (this.stopped) {
          // Stopped while claiming: give it straight back.
          await releaseJob(this.store, claimed).catch((error: unknown) => console.error(`[playhead] job ${claimed.id}: release failed`, error));
          this.slots.release(c.kind);
          return true;
        }
        this.launch(claimed);
        started++;
      }
    }
    // A full page of candidates of which some started: more may be due (look again at once).
    return candidates.length < take || started === 0;
  }

  private launch(job: ClaimedJob): void {
    const done = executeClaimedJob(this.store, job, { config: this.config, shutdown: this.shutdown.signal })
      .then(
        (outcome) => this.options.onAttempt?.(job, outcome),
        (error: unknown) => console.error(`[playhead] job ${job.id} (${job.kind}) could not be settled`, error),
      )
      .finally(() => {
        this.running.delete(job.id);
        this.slots.release(job.kind);
        this.schedule(0);
      });
    this.running.set(job.id, done);
  }

  /** Resolves when no job of this runner is running. */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running.values()]);
  }

  /**
   * Stops: no more claims; running jobs get `graceMs` (default PLAYHEAD_JOBS_SHUTDOWN_GRACE_MS) to
   * finish, then are interrupted (their handlers' signal aborts) and released to the queue.
   */
  async stop(graceMs = this.config.shutdownGraceMs): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    // A poll may be claiming right now: let it finish (what it claims after the stop is released).
    await this.ticking;
    if (this.running.size && graceMs > 0) {
      await Promise.race([this.idle(), new Promise((r) => setTimeout(r, graceMs).unref?.())]);
    }
    this.shutdown.abort();
    await this.idle();
  }
}
