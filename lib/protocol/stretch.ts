/**
 * The current stretch of a streaming session: the servable segments and their media times (PURE).
 */
import { currentAskIndex, servableRange } from "./segment-access";
import type { PlanSegment, SessionPlan } from "./session-plan";

export type Stretch = {
  first: number;
  last: number;
  segments: PlanSegment[];
  /** HLS-timeline start of the first servable segment (0 when empty). */
  mediaStartSec: number;
  /** Media duration of the stretch (0 when empty). */
  durationSec: number;
};

/**
 * What a streaming session plays next: the ask the participant is at and its whole stretch; null
 * once the session is not ACTIVE or has no ask left. The one rule for "is there a stretch to play",
 * read by the session's state (its playlist URL) and by an accepted answer (the playlist it brings).
 */
export function openStretch(plan: SessionPlan, progress: { status: string; unlockedIndex: number; answeredIndex: number }): { askIndex: number; stretch: Stretch } | null {
  if (progress.status !== "ACTIVE") return null;
  const askIndex = currentAskIndex(plan, progress);
  return askIndex === null ? null : { askIndex, stretch: currentStretch(plan, progress) };
}

export function currentStretch(plan: SessionPlan, progress: { unlockedIndex: number; answeredIndex: number }): Stretch {
  const { first, last } = servableRange(plan.asks, progress);
  const segments = plan.segments.filter((s) => s.index >= first && s.index <= last);
  if (!segments.length) return { first, last, segments, mediaStartSec: 0, durationSec: 0 };
  return {
    first,
    last,
    segments,
    mediaStartSec: segments[0].mediaStartSec,
    durationSec: segments[segments.length - 1].mediaEndSec - segments[0].mediaStartSec,
  };
}

/** Lifetime (seconds) of the signed URLs of a stretch: enough to play it at the fixed rate, plus two minutes. */
export function stretchUrlTtlSeconds(durationSec: number, playbackRate: number): number {
  return Math.ceil(120 + (2 * durationSec) / playbackRate);
}

/**
 * What is left of a stretch for a session that has already been served some of its segments
 * (reload, second tab): only the segments after the last one served. Segments play in order, so
 * everything up to the last served one has been seen (or skipped) and is never released again.
 */
export function unplayedStretch(stretch: Stretch, lastServed: number | null): Stretch {
  if (lastServed === null || lastServed < stretch.first) return stretch;
  const segments = stretch.segments.filter((s) => s.index > lastServed);
  if (!segments.length) return { ...stretch, segments, mediaStartSec: 0, durationSec: 0 };
  return {
    ...stretch,
    segments,
    mediaStartSec: segments[0].mediaStartSec,
    durationSec: segments[segments.length - 1].mediaEndSec - segments[0].mediaStartSec,
  };
}
