/**
 * VSAS-Bench task file (JSONL, one task a line) → normalised items.
 *
 * Format: `docs/formats/vsas.md` (Playhead's definition; the paper publishes no file):
 * `{task_id, video, task_type (Present|Cumulative|Future), prompt, fps (default 1),
 * captions}` where `captions` lists one ground-truth caption per timestep, either as
 * strings (caption i at t = i / fps seconds) or as `{t, text}` objects. The truth answer is
 * always `[{t, text}]`; the written form is kept for export. Unknown fields are kept.
 * Stricter than the scorer (which skips bad captions): a task without captions, a caption
 * without text or with a negative / non-numeric `t` is an error here (nothing is imported).
 */
import { z } from "zod";
import { VSAS_TASK_TYPES } from "@/lib/metrics/vsas";
import { duplicateIdErrors, extraFields, idOf, issue, issuesFromZod } from "../issues";
import { parseJsonlWith, type RecordSink } from "../record-sink";
import type { TextLine } from "../text-lines";
import type { ImportIssue, NormalisedItem, ParseResult } from "../types";

export const VSAS_FILE_KIND = "vsas_tasks";
const KNOWN = ["task_id", "video", "task_type", "prompt", "fps", "captions"] as const;

const finite = z.number().refine(Number.isFinite, "must be a finite number");
const taskSchema = z.looseObject({
  task_id: z.union([z.string().min(1, "must be a non-empty string"), z.number().int()]),
  video: z.string().min(1, "must be a non-empty string"),
  task_type: z.string().min(1, "must be a non-empty string"),
  prompt: z.string().min(1, "must be a non-empty string"),
  fps: finite.positive().optional(),
  captions: z.array(z.unknown()).min(1, "must hold at least one caption"),
});
const captionObject = z.looseObject({ t: finite.nonnegative(), text: z.string() });
type Caption = string | z.infer<typeof captionObject>;

/** Each caption: a string, or `{t, text}`; issues name `captions[i]...`. */
function checkCaptions(list: readonly unknown[], line: number, id: string | null): { captions: Caption[]; errors: ImportIssue[] } {
  const captions: Caption[] = [];
  const errors: ImportIssue[] = [];
  list.forEach((c, i) => {
    if (typeof c === "string") captions.push(c);
    else if (c && typeof c === "object" && !Array.isArray(c)) {
      const r = captionObject.safeParse(c);
      if (r.success) captions.push(r.data);
      else errors.push(...issuesFromZod(r.error.issues, { line, id, prefix: `captions[${i}]` }));
    } else errors.push(issue("invalid_record", `field "captions[${i}]" must be a caption text or an object {t, text}`, { line, item_id: id, field: `captions[${i}]` }));
  });
  return { captions, errors };
}

function detect(first: Record<string, unknown>, line: number): RecordSink | ImportIssue {
  if ("captions" in first || "prompt" in first) return vsasSink();
  const pred = ["responses", "response", "prediction", "predictions"].find((k) => k in first);
  if (pred) return issue("prediction_file", `this looks like a response file (field "${pred}", no "captions"): import the task file and upload responses as a model run`, { line, field: pred });
  return issue("unknown_file_format", `not a VSAS task file: the first record has no "captions" (fields: ${Object.keys(first).slice(0, 12).join(", ")})`, { line });
}

function vsasSink(): RecordSink {
  const items: NormalisedItem[] = [];
  const errors: ImportIssue[] = [];
  return {
    add(record, line) {
      const parsed = taskSchema.safeParse(record);
      const id = idOf(record, "task_id");
      if (!parsed.success) {
        errors.push(...issuesFromZod(parsed.error.issues, { line, id }));
        return;
      }
      const t = parsed.data;
      const checked = checkCaptions(t.captions, line, id);
      if (checked.errors.length) {
        errors.push(...checked.errors);
        return;
      }
      const source: Record<string, unknown> = {};
      if (typeof t.task_id === "number") source.task_id_number = true;
      if (t.fps !== undefined) source.fps = t.fps;
      const fps = t.fps ?? 1;
      const stringAt = checked.captions.flatMap((c, i) => (typeof c === "string" ? [i] : []));
      if (stringAt.length === checked.captions.length) source.caption_strings = true;
      else if (stringAt.length > 0) source.string_captions = stringAt;
      const captions = checked.captions.map((c, i) => (typeof c === "string" ? { t: i / fps, text: c } : { t: c.t, text: c.text }));
      const capExtra = checked.captions.map((c) => (typeof c === "string" ? null : (extraFields(c, ["t", "text"]) ?? null)));
      if (capExtra.some((c) => c)) source.caption_extra = capExtra;
      const extra = extraFields(record, KNOWN);
      if (extra) source.extra = extra;
      items.push({
        externalId: String(t.task_id),
        ordinal: items.length,
        format: "caption",
        question: t.prompt,
        presentation: { task_type: t.task_type, fps: t.fps ?? 1 },
        labels: { task_type: t.task_type },
        videoRef: t.video,
        queryPoints: [],
        truth: { answer: captions, source },
        truthSpans: [],
        line,
      });
    },
    finish() {
      return { items, warnings: checkVsasItems(items), errors: [...errors, ...duplicateIdErrors(items, "task_id")], meta: { fileKind: VSAS_FILE_KIND } };
    },
  };
}

/**
 * VSAS consistency report (warnings): `unknown_task_type` (not Present, Cumulative,
 * Future), `fps_not_1`, `caption_times_not_increasing`, `caption_gap` (a second without
 * caption), `empty_caption`.
 */
export function checkVsasItems(items: readonly NormalisedItem[]): ImportIssue[] {
  const w: ImportIssue[] = [];
  for (const it of items) {
    const where = { item_id: it.externalId, line: it.line };
    const type = String(it.labels.task_type);
    if (!(VSAS_TASK_TYPES as readonly string[]).includes(type)) w.push(issue("unknown_task_type", `task_type ${JSON.stringify(type)} is not one of ${VSAS_TASK_TYPES.join(", ")}`, { ...where, field: "task_type" }));
    const fps = Number(it.presentation.fps ?? 1);
    if (fps !== 1) w.push(issue("fps_not_1", `fps is ${fps}; VSAS-Bench captions are given at 1 FPS`, { ...where, field: "fps" }));
    const caps = it.truth.answer as { t: number; text: string }[];
    const step = 1 / fps;
    const gaps: string[] = [];
    for (let i = 1; i < caps.length; i++) {
      const d = caps[i].t - caps[i - 1].t;
      if (d <= 0) {
        w.push(issue("caption_times_not_increasing", `caption ${i} at ${caps[i].t} s does not come after caption ${i - 1} at ${caps[i - 1].t} s`, { ...where, field: `captions[${i}].t` }));
        break;
      }
      if (d > step + 1e-6) gaps.push(`${caps[i - 1].t}-${caps[i].t} s`);
    }
    if (gaps.length) w.push(issue("caption_gap", `seconds without a caption: ${gaps.slice(0, 10).join(", ")}${gaps.length > 10 ? `, ... (${gaps.length} gaps)` : ""}`, { ...where, field: "captions" }));
    const empty = caps.findIndex((c) => c.text.trim() === "");
    if (empty !== -1) w.push(issue("empty_caption", `caption ${empty} (${caps[empty].t} s) is empty`, { ...where, field: `captions[${empty}].text` }));
  }
  return w;
}

export async function parseVsas(lines: AsyncIterable<TextLine> | Iterable<TextLine>): Promise<ParseResult> {
  return parseJsonlWith(lines, detect, { fileKind: VSAS_FILE_KIND });
}
