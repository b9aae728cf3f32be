/**
 * Resolving every group of a comparison into one version (PURE): by the reviewer's pick for its
 * difference (take annotator j's version, or an edit), else by the default merge rules
 * (docs/annotation/review.md):
 * - marks everyone has: the mean frame of the group (rounded to the nearest frame, ties to the
 *   earlier one); marks only some have: kept when the facet as a whole is agreed, else unresolved;
 * - spans of an agreed group (or of an agreed evidence facet): the union of the group's spans;
 * - counts, labels, captions: the common value when all agree, else unresolved (counts computed
 *   from marks are recomputed from the resolved marks, never picked).
 * Anything unresolved is a problem naming the difference id.
 */
import { z } from "zod";
import { multilineText, text } from "@/lib/http/text-schema";
import { captionReviewSchema, frameTimeSchema, type CaptionReview, type FrameTime } from "@/lib/annotation/document";
import { mergeIntervals } from "@/lib/metrics/intervals";
import { annotatorLetter } from "./annotator-letter";
import { spanTuples } from "./compare-spans";
import type { Comparison } from "./comparison-types";
import { differenceLabel } from "./difference-label";
import { captionDifferenceId, groupDifferenceId, listDifferences, spanGroupDifferenceId, spanGroupIdentical, type Difference } from "./differences";
import type { SpanRef } from "./facets";

/** Where a resolved element comes from: annotator and element id (for its label, comment, id), or null (edited). */
export type Source = { annotator: number; id: string } | null;
export type ResolvedEvent = { at: FrameTime; source: Source };
export type ResolvedSpan = { start: FrameTime; end: FrameTime; source: Source };
export type ResolvedPoint = { at: FrameTime | null; key: string; answer: number | null; manual: boolean; source: Source };
export type ResolvedLabel = { value: unknown; source: number | null };

export type Resolved = {
  events: Map<string, ResolvedEvent[]>;
  spans: Map<string, ResolvedSpan[]>;
  points: Map<string, ResolvedPoint[]>;
  labels: Map<string, ResolvedLabel>;
  captions: Map<string, CaptionReview[]>;
};

export type ReviewProblem = { differenceId?: string; path?: string; message: string };

/** One pick: take annotator `take`'s version of a difference, or replace it by `edit`. */
export const pickSchema = z
  .strictObject({
    differenceId: text({ message: "must be a string" }).min(1, "must not be empty").max(4000, "must be at most 4000 characters"),
    take: z.number({ message: "must be a number" }).int("must be a whole annotator index").min(0, "must be at least 0").optional(),
    edit: z.unknown().optional(),
    note: multilineText().max(5000, "must be at most 5000 characters").optional(),
  })
  .refine((p) => (p.take !== undefined) !== Object.prototype.hasOwnProperty.call(p, "edit"), { message: "give either take or edit" });
export type Pick = z.infer<typeof pickSchema>;

export const picksSchema = z
  .array(pickSchema)
  .max(200_000, "at most 200000 picks")
  .superRefine((picks, ctx) => {
    const seen = new Set<string>();
    picks.forEach((p, i) => {
      if (seen.has(p.differenceId)) ctx.addIssue({ code: "custom", path: [i, "differenceId"], message: `picks ${p.differenceId} twice` });
      seen.add(p.differenceId);
    });
  });

const spanEditSchema = z
  .array(z.strictObject({ start: frameTimeSchema, end: frameTimeSchema }))
  .max(5_000)
  .superRefine((list, ctx) =>
    list.forEach((s, i) => {
      if (s.end.frame < s.start.frame) ctx.addIssue({ code: "custom", path: [i, "end"], message: "must not be before start" });
    }),
  );
const countEditSchema = z.number({ message: "must be a number" }).int("must be a whole number").min(0, "must be at least 0").nullable();
const captionEditSchema = captionReviewSchema.omit({ second: true }).nullable();

/** The zod schema of an edit for a difference of this type (labels are checked with the whole document). */
export function editSchemaFor(d: Difference): z.ZodType {
  switch (d.type) {
    case "unmatched":
    case "offset":
      return frameTimeSchema.nullable();
    case "span":
      return spanEditSchema;
    case "count":
      return countEditSchema;
    case "caption":
      return captionEditSchema;
    case "label":
      return z.unknown();
  }
}

type CheckedPick = { take: number } | { edit: unknown };

/** Where in an edit a problem is, in words and 1-based ("span 2 end", "frame", "the edit"). */
function editPathWords(d: Difference, path: readonly PropertyKey[]): string {
  if (path.length === 0) return "the edit";
  return path.map((p) => (typeof p === "number" ? `${d.type === "span" ? "span" : "entry"} ${p + 1}` : String(p))).join(" ");
}

/** Validates picks against the differences: unknown ids, derived counts, bad indices and bad edits are problems. */
export function checkPicks(differences: readonly Difference[], picks: readonly Pick[], k: number): { picks: Map<string, CheckedPick>; problems: ReviewProblem[] } {
  const byId = new Map(differences.map((d) => [d.id, d]));
  const out = new Map<string, CheckedPick>();
  const problems: ReviewProblem[] = [];
  for (const p of picks) {
    const d = byId.get(p.differenceId);
    if (!d) {
      problems.push({ differenceId: p.differenceId, message: `no difference ${JSON.stringify(p.differenceId)} in this comparison` });
      continue;
    }
    if (d.derived) {
      problems.push({ differenceId: d.id, message: `${differenceLabel(d)} is a count computed from the marks; resolve the marks instead` });
      continue;
    }
    if (p.take !== undefined) {
      if (p.take >= k) {
        problems.push({ differenceId: d.id, message: `take ${p.take}: there are only ${k} annotations (0 to ${k - 1})` });
        continue;
      }
      out.set(d.id, { take: p.take });
      continue;
    }
    const r = editSchemaFor(d).safeParse(p.edit);
    if (!r.success) {
      const issue = r.error.issues[0];
      const path = ["edit", ...issue.path].join(".");
      problems.push({ differenceId: d.id, path, message: `${differenceLabel(d)}: ${editPathWords(d, issue.path)} ${issue.message}` });
      continue;
    }
    out.set(d.id, { edit: r.data });
  }
  return { picks: out, problems };
}

/** Mean frame of the members, rounded to the nearest frame (ties to the earlier); its time interpolated between the members' times. */
export function meanFrameTime(times: readonly FrameTime[], fps: number): FrameTime {
  const mean = times.reduce((s, t) => s + t.frame, 0) / times.length;
  // `|| 0`: at frame 0, Math.ceil(-0.5) is -0, which a merged document would carry (Object.is(-0, 0) is false).
  const frame = Math.ceil(mean - 0.5) || 0;
  return frameTimeAt(frame, times, fps);
}

/** The time of `frame` from known frame times: exact when one is at that frame, linear between the nearest below and above, else by fps from the nearest. */
export function frameTimeAt(frame: number, known: readonly FrameTime[], fps: number): FrameTime {
  const exact = known.find((t) => t.frame === frame);
  if (exact) return { frame, sec: exact.sec };
  let below: FrameTime | null = null;
  let above: FrameTime | null = null;
  for (const t of known) {
    if (t.frame < frame && (!below || t.frame > below.frame)) below = t;
    if (t.frame > frame && (!above || t.frame < above.frame)) above = t;
  }
  let sec: number;
  if (below && above) sec = below.sec + ((above.sec - below.sec) * (frame - below.frame)) / (above.frame - below.frame);
  else if (below) sec = below.sec + (frame - below.frame) / fps;
  else if (above) sec = Math.max(0, above.sec - (above.frame - frame) / fps);
  else sec = frame / fps;
  return { frame, sec };
}

function firstSource<T extends { id: string }>(members: readonly (T | null)[]): Source {
  const j = members.findIndex((m) => m !== null);
  return j < 0 ? null : { annotator: j, id: (members[j] as T).id };
}

/** Union of spans (frames s..e inclusive; overlapping or touching frame ranges merge). */
function unionSpans(members: readonly (readonly SpanRef[])[]): ResolvedSpan[] {
  const all = members.flatMap((m, j) => m.map((s) => ({ s, j })));
  const merged = mergeIntervals(all.map(({ s }) => [s.start.frame, s.end.frame + 1] as const));
  return merged.map(([lo, hi]) => {
    const inside = all.filter(({ s }) => s.start.frame >= lo && s.end.frame + 1 <= hi);
    const starter = inside.find(({ s }) => s.start.frame === lo) as { s: SpanRef; j: number };
    const ender = inside.find(({ s }) => s.end.frame + 1 === hi) as { s: SpanRef; j: number };
    const first = inside.slice().sort((x, y) => x.j - y.j)[0];
    return { start: starter.s.start, end: ender.s.end, source: { annotator: first.j, id: first.s.id } };
  });
}

export type ResolveResult = { resolved: Resolved; decisions: { differenceId: string; resolution: string }[]; problems: ReviewProblem[] };

/** Resolves every group (see the module comment). `picks` must come from {@link checkPicks}. */
export function resolveFacets(comparison: Comparison, picks: Map<string, CheckedPick>, fps: number): ResolveResult {
  const resolved: Resolved = { events: new Map(), spans: new Map(), points: new Map(), labels: new Map(), captions: new Map() };
  const problems: ReviewProblem[] = [];
  const decisions: { differenceId: string; resolution: string }[] = [];
  const differences = new Map(listDifferences(comparison).map((d) => [d.id, d]));
  const note = (id: string, pick: CheckedPick | undefined) => {
    if (!differences.has(id)) return;
    decisions.push({ differenceId: id, resolution: pick ? ("take" in pick ? `take ${annotatorLetter(pick.take)}` : "edit") : "default" });
  };
  const unresolved = (id: string) => {
    const d = differences.get(id);
    problems.push({ differenceId: id, message: `${d ? differenceLabel(d) : id} is not resolved: pick a version or edit it${d ? ` (${d.summary})` : ""}` });
  };
  for (const f of comparison.facets) {
    switch (f.kind) {
      case "timestamps": {
        const out: ResolvedEvent[] = [];
        for (const g of f.groups) {
          const id = groupDifferenceId(f.name, g.members);
          const pick = picks.get(id);
          note(id, pick);
          const present = g.members.filter((m): m is NonNullable<typeof m> => m !== null);
          if (pick && "take" in pick) {
            const m = g.members[pick.take];
            if (m) out.push({ at: m.at, source: { annotator: pick.take, id: m.id } });
          } else if (pick) {
            if (pick.edit !== null) out.push({ at: pick.edit as FrameTime, source: firstSource(g.members) });
          } else if (present.length === g.members.length || f.agreed) {
            out.push({ at: meanFrameTime(present.map((m) => m.at), fps), source: firstSource(g.members) });
          } else unresolved(id);
        }
        resolved.events.set(f.name, out);
        break;
      }
      case "spans": {
        const out: ResolvedSpan[] = [];
        for (const g of f.groups) {
          const id = spanGroupDifferenceId(f.name, g.members);
          const pick = picks.get(id);
          note(id, pick);
          if (pick && "take" in pick) {
            for (const s of g.members[pick.take]) out.push({ start: s.start, end: s.end, source: { annotator: pick.take, id: s.id } });
          } else if (pick) {
            const first = g.members.findIndex((m) => m.length > 0);
            const source = first < 0 ? null : { annotator: first, id: g.members[first][0].id };
            for (const s of pick.edit as { start: FrameTime; end: FrameTime }[]) out.push({ start: s.start, end: s.end, source });
          } else if (spanGroupIdentical(g.members)) {
            for (const s of g.members[0]) out.push({ start: s.start, end: s.end, source: { annotator: 0, id: s.id } });
          } else if (f.oneToOne && g.agreed) {
            for (const tuple of spanTuples(g.members) ?? []) out.push(...unionSpans(tuple.map((s) => [s])));
          } else if (!f.oneToOne && f.agreed) {
            out.push(...unionSpans(g.members));
          } else unresolved(id);
        }
        resolved.spans.set(f.name, out);
        break;
      }
      case "counts": {
        const out: ResolvedPoint[] = [];
        for (const g of f.groups) {
          const base = groupDifferenceId(f.name, g.members);
          const atPick = picks.get(`${base}:at`);
          const countPick = picks.get(`${base}:count`);
          note(`${base}:at`, atPick);
          note(`${base}:count`, countPick);
          const present = g.members.filter((m): m is NonNullable<typeof m> => m !== null);
          const source = firstSource(g.members);
          const manual = present.every((m) => m.manual);
          let at: FrameTime | null;
          let keep = true;
          let pointSource = source;
          if (atPick && "take" in atPick) {
            const m = g.members[atPick.take];
            keep = m !== null;
            at = m ? m.at : null;
            if (m) pointSource = { annotator: atPick.take, id: m.id };
          } else if (atPick) {
            keep = atPick.edit !== null;
            at = atPick.edit as FrameTime | null;
          } else if (present.length === g.members.length) {
            const times = present.flatMap((m) => (m.at ? [m.at] : []));
            at = times.length ? meanFrameTime(times, fps) : null;
          } else {
            unresolved(`${base}:at`);
            continue;
          }
          if (!keep) continue;
          const answers = present.map((m) => m.answer);
          let answer: number | null;
          if (countPick && "take" in countPick) {
            const m = g.members[countPick.take];
            if (!m) {
              problems.push({ differenceId: `${base}:count`, message: `${differences.has(`${base}:count`) ? differenceLabel(differences.get(`${base}:count`)!) : `${base}:count`}: annotator ${annotatorLetter(countPick.take)} has no point here` });
              continue;
            }
            answer = m.answer;
          } else if (countPick) {
            answer = countPick.edit as number | null;
          } else if (answers.every((x) => x === answers[0])) {
            answer = answers[0];
          } else if (!manual) {
            answer = null;
          } else if (present.length < g.members.length && pointSource) {
            answer = g.members[pointSource.annotator]?.answer ?? null;
          } else {
            unresolved(`${base}:count`);
            continue;
          }
          out.push({ at, key: (present[0] as { id: string }).id, answer, manual, source: pointSource });
        }
        resolved.points.set(f.name, out);
        break;
      }
      case "labels": {
        const pick = picks.get(f.name);
        note(f.name, pick);
        if (pick && "take" in pick) resolved.labels.set(f.name, { value: f.values[pick.take], source: pick.take });
        else if (pick) resolved.labels.set(f.name, { value: pick.edit, source: null });
        else if (f.agreed) resolved.labels.set(f.name, { value: f.values[0], source: 0 });
        else unresolved(f.name);
        break;
      }
      case "captions": {
        const out: CaptionReview[] = [];
        for (const r of f.rows) {
          const id = captionDifferenceId(f.name, r.second);
          const pick = picks.get(id);
          note(id, pick);
          let c: CaptionReview | null;
          if (pick && "take" in pick) c = r.members[pick.take];
          else if (pick) c = pick.edit === null ? null : { ...(pick.edit as Omit<CaptionReview, "second">), second: r.second };
          else if (r.agreed || f.agreed) c = r.members[0] ?? r.members.find((m) => m !== null) ?? null;
          else {
            unresolved(id);
            continue;
          }
          if (c) out.push(c);
        }
        resolved.captions.set(f.name, out);
        break;
      }
    }
  }
  return { resolved, decisions, problems };
}
