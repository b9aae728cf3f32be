/**
 * EC-Bench evidence rules as suggestions (PURE). The paper's Figure 12 protocol: evidence at
 * second precision, only the minimum clips, "merge clips separated by under 5 seconds", and for
 * counting "reappearances within 5 seconds count as one occurrence". The workspace never applies
 * these by itself: it shows them and the annotator accepts (one undoable edit) or ignores them.
 *
 * - {@link evidenceMergeSuggestions}: groups of closed clips where each next clip starts less
 *   than `gapSec` after the group's end so far (overlapping or touching clips included), in time
 *   order. Accepting replaces the group by one clip from its earliest start to its latest end, at
 *   the position of the group's first clip in the list (labels and comments joined).
 * - {@link reappearanceCount}: for clips labelled with the subject they show, the number of
 *   occurrences per label when appearances of one label less than `gapSec` apart count once.
 *   The panel suggests it as the Counting answer when every closed clip is labelled.
 * Gaps are measured on whole seconds (clip start - previous end), as the annotator sees them.
 */
import type { FrameTime, Span } from "./document";
import { plural } from "@/lib/text/plural";

export const EC_MERGE_GAP_SEC = 5;

export type ClosedSpan = Span & { end: FrameTime };

export type EvidenceMergeSuggestion = {
  /** Ids of the clips merged, in time order (at least 2). */
  ids: string[];
  start: FrameTime;
  end: FrameTime;
  /** True when every clip of the group has the same non-empty label: a reappearance of one subject. */
  reappearance: boolean;
  label: string;
  message: string;
};

const isClosed = (s: Span): s is ClosedSpan => s.end !== null && s.end.frame >= s.start.frame;
const byTime = (a: ClosedSpan, b: ClosedSpan) => a.start.frame - b.start.frame || a.end.frame - b.end.frame;
const fmt = (s: number) => `${Math.round(s)} s`;

export function evidenceMergeSuggestions(evidence: readonly Span[], gapSec = EC_MERGE_GAP_SEC): EvidenceMergeSuggestion[] {
  const closed = evidence.filter(isClosed).sort(byTime);
  const groups: ClosedSpan[][] = [];
  let current: ClosedSpan[] = [];
  let end: FrameTime | null = null;
  for (const s of closed) {
    if (end && s.start.sec - end.sec < gapSec) {
      current.push(s);
      if (s.end.frame > end.frame) end = s.end;
    } else {
      if (current.length > 1) groups.push(current);
      current = [s];
      end = s.end;
    }
  }
  if (current.length > 1) groups.push(current);
  return groups.map((g) => {
    const start = g[0].start;
    const last = g.reduce((e, s) => (s.end.frame > e.frame ? s.end : e), g[0].end);
    const labels = [...new Set(g.map((s) => s.label.trim()).filter(Boolean))];
    const reappearance = labels.length === 1 && g.every((s) => s.label.trim() === labels[0]);
    const what = reappearance ? `"${labels[0]}" reappears within ${gapSec} s (counts once)` : `${plural(g.length, "clip")} less than ${gapSec} s apart`;
    return {
      ids: g.map((s) => s.id),
      start,
      end: last,
      reappearance,
      label: labels.join(", "),
      message: `${what}: merge into one clip ${fmt(start.sec)}-${fmt(last.sec)}`,
    };
  });
}

/** The evidence list with one suggestion applied (the merged clip takes the first merged clip's id and place). */
export function applyEvidenceMerge(evidence: readonly Span[], suggestion: Pick<EvidenceMergeSuggestion, "ids" | "start" | "end">): Span[] {
  const ids = new Set(suggestion.ids);
  const members = evidence.filter((s) => ids.has(s.id));
  if (members.length < 2) return [...evidence];
  const firstIndex = evidence.findIndex((s) => ids.has(s.id));
  const first = evidence[firstIndex];
  const join = (xs: string[]) => [...new Set(xs.map((x) => x.trim()).filter(Boolean))].join("; ");
  const merged: Span = {
    id: first.id,
    start: suggestion.start,
    end: suggestion.end,
    label: [...new Set(members.map((s) => s.label.trim()).filter(Boolean))].join(", "),
    comment: join(members.map((s) => s.comment)),
  };
  const out: Span[] = [];
  evidence.forEach((s, i) => {
    if (i === firstIndex) out.push(merged);
    else if (!ids.has(s.id)) out.push(s);
  });
  return out;
}

export type ReappearanceCount = {
  /** Occurrences per label (5 s rule applied), in order of first appearance. */
  byLabel: { label: string; occurrences: number; clips: number }[];
  total: number;
  /** Closed clips without a label (the count is then not determined by the clips). */
  unlabelled: number;
};

export function reappearanceCount(evidence: readonly Span[], gapSec = EC_MERGE_GAP_SEC): ReappearanceCount {
  const closed = evidence.filter(isClosed).sort(byTime);
  const byLabel = new Map<string, { occurrences: number; clips: number; lastEnd: FrameTime }>();
  let unlabelled = 0;
  for (const s of closed) {
    const label = s.label.trim();
    if (!label) {
      unlabelled += 1;
      continue;
    }
    const entry = byLabel.get(label);
    if (!entry) byLabel.set(label, { occurrences: 1, clips: 1, lastEnd: s.end });
    else {
      entry.clips += 1;
      if (s.start.sec - entry.lastEnd.sec >= gapSec) entry.occurrences += 1;
      if (s.end.frame > entry.lastEnd.frame) entry.lastEnd = s.end;
    }
  }
  const list = [...byLabel.entries()].map(([label, e]) => ({ label, occurrences: e.occurrences, clips: e.clips }));
  return { byLabel: list, total: list.reduce((a, b) => a + b.occurrences, 0), unlabelled };
}
