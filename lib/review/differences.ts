/**
 * The differences between k annotations of an item, for the adjudication view (PURE). One
 * difference per group that is not identical across annotators, with a stable id (the facet name
 * and the annotators' element ids: the same documents always give the same ids, and an id keeps
 * naming the same marks after unrelated edits elsewhere in the documents).
 *
 * Types:
 * - `unmatched`: a mark / query point some annotators have and others not (blocking);
 * - `offset`: a mark / query point everyone has, at different frames (not blocking: resolved by
 *   default to the mean frame, see merge rules in docs/annotation/review.md);
 * - `span`: spans of an overlap group that differ (blocking when the group is not agreed, else
 *   resolved by default to the union);
 * - `count`: counts that differ; typed counts (O1-Snap, O1-Delta) are blocking; counts computed
 *   from marks are `derived` (shown, not pickable: they follow the marks);
 * - `label`: a decision that differs (blocking);
 * - `caption`: a second whose captions differ (blocking unless the facet as a whole agrees, when
 *   annotator A's caption, or the first present, is the default).
 * A blocking difference needs a pick (take one annotator's version, or an edit) before the item
 * resolves; a non-blocking one may be picked to override its default.
 */
import { annotatorLetter } from "./annotator-letter";
import type { Group } from "./cluster";
import type { Comparison, FacetResult } from "./comparison-types";
import type { FacetKind } from "./facets";

export const DIFFERENCE_TYPES = ["unmatched", "offset", "span", "count", "label", "caption"] as const;
export type DifferenceType = (typeof DIFFERENCE_TYPES)[number];

export type Difference = {
  id: string;
  facet: string;
  kind: FacetKind;
  type: DifferenceType;
  blocking: boolean;
  /** True for counts computed from marks: not pickable, resolved by resolving the marks. */
  derived: boolean;
  /** Where it is on the timeline (first frame involved), or null (labels, window counts). */
  frame: number | null;
  /** Per annotator: what taking that annotator's version means (null: nothing there). */
  options: unknown[];
  summary: string;
};

/** The id part naming the annotators' elements of a group: `0.m3+1.m7` (annotator.id, present ones). */
export function memberKey(members: readonly ({ id: string } | null)[]): string {
  return members
    .map((m, j) => (m ? `${j}.${m.id}` : null))
    .filter((x): x is string => x !== null)
    .join("+");
}

/** Id of the difference of an event or count group. */
export function groupDifferenceId(facet: string, members: readonly ({ id: string } | null)[]): string {
  return `${facet}:${memberKey(members)}`;
}

/** Id of the difference of a span group. */
export function spanGroupDifferenceId(facet: string, members: readonly (readonly { id: string }[])[]): string {
  const parts = members.map((m, j) => m.map((s) => `${j}.${s.id}`).join("+")).filter((x) => x !== "");
  return `${facet}:${parts.join("+")}`;
}

/** Id of the difference of a caption second. */
export function captionDifferenceId(facet: string, second: number): string {
  return `${facet}:${second}`;
}

/** Spans of every annotator in a group are the same frames. */
export function spanGroupIdentical(members: readonly (readonly { start: { frame: number }; end: { frame: number } }[])[]): boolean {
  const key = (list: readonly { start: { frame: number }; end: { frame: number } }[]) => list.map((s) => `${s.start.frame}-${s.end.frame}`).join(",");
  const first = key(members[0]);
  return members.every((m) => key(m) === first);
}

function groupFrames<T extends { at: { frame: number } | null }>(g: Group<T>): number[] {
  return g.members.flatMap((m) => (m && m.at ? [m.at.frame] : []));
}

/** The name of annotator j in summaries: A, B, … (the adjudication view), or the caller's names (feedback: "yours", "final"). */
type Who = (j: number) => string;

function describeFrames(members: readonly ({ at: { frame: number } | null } | null)[], who: Who): string {
  return members.map((m, j) => `${who(j)} ${m ? (m.at ? `frame ${m.at.frame}` : "yes") : "none"}`).join(", ");
}

function facetDifferences(f: FacetResult, who: Who, named: boolean): Difference[] {
  const base = { facet: f.name, kind: f.kind, derived: false };
  switch (f.kind) {
    case "timestamps":
      return f.groups.flatMap((g): Difference[] => {
        const frames = groupFrames(g);
        const present = g.members.every((m) => m !== null);
        if (present && frames.every((x) => x === frames[0])) return [];
        return [
          {
            ...base,
            id: groupDifferenceId(f.name, g.members),
            type: present ? "offset" : "unmatched",
            blocking: !present && !f.agreed,
            frame: Math.min(...frames),
            options: g.members.map((m) => (m ? m.at : null)),
            summary: `${f.name}: ${describeFrames(g.members, who)}`,
          },
        ];
      });
    case "spans":
      return f.groups.flatMap((g): Difference[] => {
        if (spanGroupIdentical(g.members)) return [];
        return [
          {
            ...base,
            id: spanGroupDifferenceId(f.name, g.members),
            type: "span",
            blocking: f.oneToOne ? !g.agreed : !f.agreed,
            frame: g.startFrame,
            options: g.members.map((m) => m.map((s) => ({ start: s.start, end: s.end }))),
            summary: `${f.name}: ${g.members.map((m, j) => `${who(j)} ${m.length ? m.map((s) => `${s.start.frame}-${s.end.frame}`).join(", ") : "none"}`).join("; ")}`,
          },
        ];
      });
    case "counts":
      return f.groups.flatMap((g): Difference[] => {
        const out: Difference[] = [];
        const present = g.members.every((m) => m !== null);
        const frames = groupFrames(g);
        const id = groupDifferenceId(f.name, g.members);
        const frame = frames.length ? Math.min(...frames) : null;
        if (!present || !frames.every((x) => x === frames[0])) {
          out.push({
            ...base,
            id: `${id}:at`,
            type: present ? "offset" : "unmatched",
            blocking: !present,
            frame,
            options: g.members.map((m) => (m ? m.at : null)),
            summary: `${f.name} position: ${describeFrames(g.members, who)}`,
          });
        }
        const answers = g.members.map((m) => (m ? m.answer : null));
        if (present && !answers.every((x) => x === answers[0])) {
          const manual = g.members.every((m) => m?.manual);
          out.push({
            ...base,
            id: `${id}:count`,
            type: "count",
            blocking: manual,
            derived: !manual,
            frame,
            options: answers,
            summary: `${f.name} count${manual ? "" : " (from the marks)"}: ${answers.map((a, j) => `${who(j)} ${a ?? "undetermined"}`).join(", ")}`,
          });
        }
        return out;
      });
    case "labels":
      if (f.agreed) return [];
      return [
        {
          ...base,
          id: f.name,
          type: "label",
          blocking: true,
          frame: null,
          options: f.values,
          summary: named ? `${f.name}: ${f.labels.map((l, j) => `${who(j)} ${l === null ? "(none)" : String(l)}`).join(", ")}` : f.reasons[0],
        },
      ];
    case "captions":
      return f.rows
        .filter((r) => !r.agreed)
        .map((r) => ({
          ...base,
          id: captionDifferenceId(f.name, r.second),
          type: "caption" as const,
          blocking: !f.agreed,
          frame: null,
          options: r.members,
          summary: `${f.name} second ${r.second}: ${r.members.map((m, j) => `${who(j)} ${m ? JSON.stringify(m.text) + (m.corrected ? " (corrected)" : "") : "none"}`).join("; ")}`,
        }));
  }
}

/**
 * Every difference of a comparison, facet by facet in document order, groups in timeline order.
 * `names`: what the summaries call the compared documents (default A, B, …; the annotator's
 * feedback says "yours" and "final").
 */
export function listDifferences(comparison: Comparison, names?: readonly string[]): Difference[] {
  const who: Who = (j) => names?.[j] ?? annotatorLetter(j);
  return comparison.facets.flatMap((f) => facetDifferences(f, who, !!names));
}
