/**
 * TOC-Bench consistency report (warnings; never block an import):
 * - `ordering_event_count`: ordering_3 / ordering_4 without exactly 3 / 4 events;
 * - `duplicate_event_labels`, `duplicate_events` (same event text twice);
 * - `duplicate_options`: two options (mcq_4), statements (sp) or allowed answers
 *   (numerical) with the same text (case and spacing ignored);
 * - `answer_not_allowed`: correct_answer outside A-D (mcq_4), A/B (sp), allowed_answers
 *   (numerical); correct_order not a permutation of the event labels;
 * - `nonstandard_allowed_answers`: numerical allowed_answers not ["2","3","4","5 or more"];
 * - `unknown_tier`, `unknown_hallucination`: metadata outside tier1..3 / null, variant_a, variant_b;
 * - `header_mismatch`: total_items, format_counts or video_count disagree with the items.
 */
import { issue } from "../issues";
import type { ImportIssue, NormalisedItem } from "../types";
import { TOC_STANDARD_NUMERIC } from "./schema";

const norm = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

function duplicates(texts: readonly string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const t of texts) {
    const k = norm(t);
    if (seen.has(k)) dup.add(t);
    seen.add(k);
  }
  return [...dup];
}

type Labelled = { label: string; text: string };

export function checkTocItems(items: readonly NormalisedItem[], header: Record<string, unknown> | undefined, listedItems: number): ImportIssue[] {
  const w: ImportIssue[] = [];
  for (const it of items) {
    const where = { item_id: it.externalId, line: it.line };
    const p = it.presentation;
    const answer = it.truth.answer;
    if (it.format === "mcq_4" || it.format === "sp") {
      const opts = ((it.format === "mcq_4" ? p.options : p.statements) ?? []) as Labelled[];
      const dup = duplicates(opts.map((o) => o.text));
      if (dup.length) w.push(issue("duplicate_options", `${it.format === "mcq_4" ? "options" : "statements"} repeat the same text: ${dup.map((d) => JSON.stringify(d)).join(", ")}`, { ...where, field: it.format === "mcq_4" ? "option_*" : "statement_*" }));
      const allowed = opts.map((o) => o.label);
      if (!allowed.includes(String(answer))) w.push(issue("answer_not_allowed", `correct_answer ${JSON.stringify(answer)} is not one of ${allowed.join(", ")}`, { ...where, field: "correct_answer" }));
    } else if (it.format === "numerical") {
      const allowed = (p.allowed_answers ?? []) as string[];
      const dup = duplicates(allowed);
      if (dup.length) w.push(issue("duplicate_options", `allowed_answers repeat ${dup.map((d) => JSON.stringify(d)).join(", ")}`, { ...where, field: "allowed_answers" }));
      if (!allowed.includes(String(answer))) w.push(issue("answer_not_allowed", `correct_answer ${JSON.stringify(answer)} is not one of the allowed answers [${allowed.map((a) => JSON.stringify(a)).join(", ")}]`, { ...where, field: "correct_answer" }));
      const standard = allowed.length === TOC_STANDARD_NUMERIC.length && allowed.every((a, i) => a === TOC_STANDARD_NUMERIC[i]);
      if (!standard) w.push(issue("nonstandard_allowed_answers", `allowed_answers [${allowed.join(", ")}] differ from the standard ["2", "3", "4", "5 or more"]`, { ...where, field: "allowed_answers" }));
    } else if (it.format === "ordering_3" || it.format === "ordering_4") {
      const k = it.format === "ordering_3" ? 3 : 4;
      const events = (p.events ?? []) as Labelled[];
      if (events.length !== k) w.push(issue("ordering_event_count", `${it.format} must have ${k} events, has ${events.length}`, { ...where, field: "events" }));
      const labels = events.map((e) => e.label);
      if (new Set(labels).size !== labels.length) w.push(issue("duplicate_event_labels", `event labels repeat: [${labels.join(", ")}]`, { ...where, field: "events" }));
      const dup = duplicates(events.map((e) => e.text));
      if (dup.length) w.push(issue("duplicate_events", `events repeat the same text: ${dup.map((d) => JSON.stringify(d)).join(", ")}`, { ...where, field: "events" }));
      const order = Array.isArray(answer) ? (answer as string[]) : [];
      const perm = order.length === labels.length && new Set(order).size === order.length && order.every((l) => labels.includes(l));
      if (!perm) w.push(issue("answer_not_allowed", `correct_order [${order.join(", ")}] is not an ordering of the event labels [${labels.join(", ")}]`, { ...where, field: "correct_order" }));
    }
    const tier = it.labels.tier;
    if (tier !== undefined && tier !== null && !["tier1", "tier2", "tier3"].includes(String(tier))) {
      w.push(issue("unknown_tier", `metadata.tier ${JSON.stringify(tier)} is not tier1, tier2 or tier3`, { ...where, field: "metadata.tier" }));
    }
    const h = it.labels.hallucination;
    if (h !== undefined && h !== null && h !== "variant_a" && h !== "variant_b") {
      w.push(issue("unknown_hallucination", `metadata.hallucination ${JSON.stringify(h)} is not null, "variant_a" or "variant_b"`, { ...where, field: "metadata.hallucination" }));
    }
  }
  if (header) w.push(...headerChecks(items, header, listedItems));
  return w;
}

function headerChecks(items: readonly NormalisedItem[], header: Record<string, unknown>, listed: number): ImportIssue[] {
  const w: ImportIssue[] = [];
  const h = (field: string, message: string) => w.push(issue("header_mismatch", message, { line: null, field }));
  if (typeof header.total_items === "number" && header.total_items !== listed) h("total_items", `total_items is ${header.total_items}, but the file lists ${listed} items`);
  if (header.format_counts && typeof header.format_counts === "object") {
    const counted: Record<string, number> = {};
    for (const it of items) counted[it.format] = (counted[it.format] ?? 0) + 1;
    const declared = header.format_counts as Record<string, unknown>;
    for (const f of new Set([...Object.keys(declared), ...Object.keys(counted)])) {
      if ((declared[f] ?? 0) !== (counted[f] ?? 0)) h("format_counts", `format_counts.${f} is ${declared[f] ?? 0}, but ${counted[f] ?? 0} valid items have that format`);
    }
  }
  if (typeof header.video_count === "number") {
    const videos = new Set(items.map((it) => it.videoRef)).size;
    if (videos !== header.video_count) h("video_count", `video_count is ${header.video_count}, but the items reference ${videos} videos`);
  }
  return w;
}
