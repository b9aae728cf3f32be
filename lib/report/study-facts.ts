/**
 * What the methods paragraph says about one study (PURE), read off the study's results
 * (`studyResults`, lib/studies/results.ts: the admin results page) and its human row. Each
 * participant is counted once under "excluded" (the study excludes failed attention checks) or
 * "not counted / flagged" (it keeps them): failed an attention check first, else timed out (a
 * session closed by the time limit and none completed), else incomplete (no completed session).
 */
import type { StudyResults } from "@/lib/studies/results";
import type { StudyFacts } from "./methods";

export function studyFacts(results: StudyResults, queryPoints: number, source: string): StudyFacts {
  const platforms = new Map<string, number>();
  let failedAttention = 0;
  let timedOut = 0;
  let incomplete = 0;
  let withCompleted = 0;
  for (const p of results.participants) {
    const name = p.externalSource ?? "accounts";
    platforms.set(name, (platforms.get(name) ?? 0) + 1);
    const completed = p.sessions.some((s) => s.status === "COMPLETED");
    if (completed) withCompleted++;
    if (p.sessions.some((s) => s.attentionFailed.length > 0)) failedAttention++;
    else if (!completed && p.sessions.some((s) => s.timedOut)) timedOut++;
    else if (!completed) incomplete++;
  }
  const aggregates = (results.run?.aggregates ?? {}) as { n_participants?: unknown };
  const counted = typeof aggregates.n_participants === "number" ? aggregates.n_participants : withCompleted;
  const s = results.summary;
  return {
    id: results.study.id,
    name: results.study.name,
    protocol: results.study.protocol === "FREE_REWATCH" ? "FREE_REWATCH" : "STREAMING",
    source,
    platforms: [...platforms].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name, count]) => ({ name, count })),
    recruited: s.participants,
    sessions: s.sessions,
    completedSessions: s.completed,
    counted,
    excludeFailedAttention: results.study.settings.excludeFailedAttention,
    failedAttention,
    timedOut,
    incomplete,
    queryPoints,
    playbackRate: results.study.settings.playbackRate,
    allowVoluntaryPause: results.study.settings.allowVoluntaryPause,
    medianAnswerSeconds: s.latencyMedianMs === null ? null : s.latencyMedianMs / 1000,
  };
}
