/**
 * Which segments a streaming session may fetch (PURE). The server's whole no-rewind / no-peek
 * rule is here:
 *
 *   servable(k) ⇔ session ACTIVE
 *                 ∧ k ≤ endSegment(asks[unlockedIndex])      (ends at or before the unlocked query point)
 *                 ∧ k > endSegment(asks[answeredIndex])      (does not end at or before the last answered one)
 *
 * i.e. only the segments between the last answered query point and the current one (the
 * "stretch"). With answer-to-resume, unlockedIndex = answeredIndex + 1, so a stretch is released
 * by accepting the previous answer and withdrawn for ever by accepting the current one. When
 * every ask is answered (unlockedIndex = asks.length) nothing is servable: the video after the
 * last query point is never released.
 */
import type { Ask, SessionPlan } from "./session-plan";

export type SessionProgress = {
  status: "ACTIVE" | "COMPLETED" | "ABANDONED";
  unlockedIndex: number;
  answeredIndex: number;
};

/** Why a request was refused; also the `reason` written to SegmentServe. */
export type RefusalReason =
  | "malformed"
  | "bad_signature"
  | "expired"
  | "wrong_user"
  | "session_not_active"
  | "not_streaming"
  | "no_such_segment"
  | "already_answered"
  | "already_served"
  | "beyond_unlocked"
  | "nothing_unlocked";

export type AccessDecision =
  | { allowed: true; reason: "ok" }
  | { allowed: false; status: 403 | 404 | 409 | 410; reason: RefusalReason };

/** Inclusive range [first, last] of servable segment indices (empty when last < first). */
export function servableRange(asks: readonly Ask[], progress: Pick<SessionProgress, "unlockedIndex" | "answeredIndex">): {
  first: number;
  last: number;
} {
  const n = asks.length;
  const answered = Math.min(progress.answeredIndex, n - 1);
  const lo = answered >= 0 ? asks[answered].endSegment : -1;
  const hi = progress.unlockedIndex >= 0 && progress.unlockedIndex < n ? asks[progress.unlockedIndex].endSegment : lo;
  return { first: lo + 1, last: Math.max(hi, lo) };
}

export function decideSegmentAccess(plan: SessionPlan, progress: SessionProgress, index: number): AccessDecision {
  if (plan.protocol !== "STREAMING") return { allowed: false, status: 403, reason: "not_streaming" };
  if (progress.status !== "ACTIVE") return { allowed: false, status: 410, reason: "session_not_active" };
  if (!Number.isInteger(index) || index < 0 || index >= plan.segments.length) {
    return { allowed: false, status: 404, reason: "no_such_segment" };
  }
  const { first, last } = servableRange(plan.asks, progress);
  if (index < first) return { allowed: false, status: 410, reason: "already_answered" };
  if (index > last) return { allowed: false, status: 403, reason: "beyond_unlocked" };
  return { allowed: true, reason: "ok" };
}

/** The init segment (codec setup, no pictures) is servable while a streaming session is active and has something unlocked. */
export function decideInitAccess(plan: SessionPlan, progress: SessionProgress): AccessDecision {
  if (plan.protocol !== "STREAMING") return { allowed: false, status: 403, reason: "not_streaming" };
  if (progress.status !== "ACTIVE") return { allowed: false, status: 410, reason: "session_not_active" };
  if (progress.unlockedIndex >= plan.asks.length) return { allowed: false, status: 410, reason: "session_not_active" };
  return { allowed: true, reason: "ok" };
}

/** The ask the participant must answer next, or null when all are answered. */
export function currentAskIndex(plan: SessionPlan, progress: Pick<SessionProgress, "unlockedIndex" | "answeredIndex">): number | null {
  if (plan.protocol === "STREAMING") return progress.unlockedIndex < plan.asks.length ? progress.unlockedIndex : null;
  return null;
}
