/**
 * The edit form of one difference in the adjudication view (PURE): what its text field starts
 * with, and the edit it means (the shapes `applyPicks` reads, docs/annotation/review.md), or an
 * error naming the field.
 */
import type { FrameTime } from "@/lib/annotation/document";
import type { Difference } from "./differences";

export type EditForm = {
  /** Frame (marks), "start-end, …" frames (spans), count, label value, caption text. */
  text: string;
  /** Captions: the corrected flag and the neighbour flag. */
  corrected: boolean;
  inconsistentWith: "previous" | "next" | null;
};

export type EditContext = { frameCount: number; frameTime: (frame: number) => FrameTime };

export type ParsedEdit = { ok: true; edit: unknown } | { ok: false; error: string };

type CaptionLike = { text: string; corrected?: boolean; inconsistentWith?: "previous" | "next" | null; note?: string } | null;

/** True when every annotator's value of a label difference is a string (or missing): a text field, else JSON. */
export function labelIsText(d: Difference): boolean {
  return d.options.every((o) => o === null || o === undefined || typeof o === "string");
}

/** The form's start: the current edit, else annotator `from`'s version (or the first one present). */
export function initialEditForm(d: Difference, currentEdit: unknown, from: number): EditForm {
  const has = currentEdit !== undefined;
  const source = has ? currentEdit : (d.options[from] ?? d.options.find((o) => o !== null && o !== undefined) ?? null);
  const form: EditForm = { text: "", corrected: false, inconsistentWith: null };
  switch (d.type) {
    case "unmatched":
    case "offset":
      form.text = source && typeof source === "object" ? String((source as FrameTime).frame) : "";
      break;
    case "span":
      form.text = ((source as { start: FrameTime; end: FrameTime }[] | null) ?? []).map((s) => `${s.start.frame}-${s.end.frame}`).join(", ");
      break;
    case "count":
      form.text = typeof source === "number" ? String(source) : "";
      break;
    case "label":
      form.text = labelIsText(d) ? (typeof source === "string" ? source : "") : JSON.stringify(source ?? null);
      break;
    case "caption": {
      const c = source as CaptionLike;
      form.text = c?.text ?? "";
      form.corrected = !!c?.corrected;
      form.inconsistentWith = c?.inconsistentWith ?? null;
      break;
    }
  }
  return form;
}

function parseFrame(raw: string, field: string, ctx: EditContext): { frame: number } | { error: string } {
  const t = raw.trim();
  if (!/^\d+$/.test(t)) return { error: `${field}: "${raw.trim()}" is not a whole frame number` };
  const frame = Number(t);
  if (frame >= ctx.frameCount) return { error: `${field}: frame ${frame} is past the video's last frame (${ctx.frameCount - 1})` };
  return { frame };
}

/** The edit the form means for this difference (null: drop the element / no value), or the error naming the field. */
export function parseEditForm(d: Difference, form: EditForm, ctx: EditContext): ParsedEdit {
  const text = form.text.trim();
  switch (d.type) {
    case "unmatched":
    case "offset": {
      if (text === "") return { ok: true, edit: null };
      const f = parseFrame(text, "frame", ctx);
      return "error" in f ? { ok: false, error: f.error } : { ok: true, edit: ctx.frameTime(f.frame) };
    }
    case "span": {
      if (text === "") return { ok: true, edit: [] };
      const spans: { start: FrameTime; end: FrameTime }[] = [];
      const parts = text.split(/[,;]/).map((p) => p.trim()).filter(Boolean);
      for (const [i, part] of parts.entries()) {
        const m = /^(\S+)\s*[-–]\s*(\S+)$/.exec(part);
        if (!m) return { ok: false, error: `spans: "${part}" (span ${i + 1}) is not start-end in frames, e.g. 10-29` };
        const s = parseFrame(m[1], `spans: span ${i + 1} start`, ctx);
        if ("error" in s) return { ok: false, error: s.error };
        const e = parseFrame(m[2], `spans: span ${i + 1} end`, ctx);
        if ("error" in e) return { ok: false, error: e.error };
        if (e.frame < s.frame) return { ok: false, error: `spans: span ${i + 1} ends (frame ${e.frame}) before it starts (frame ${s.frame})` };
        spans.push({ start: ctx.frameTime(s.frame), end: ctx.frameTime(e.frame) });
      }
      return { ok: true, edit: spans };
    }
    case "count": {
      if (text === "") return { ok: true, edit: null };
      if (!/^\d+$/.test(text)) return { ok: false, error: `count: "${text}" is not a whole number ≥ 0` };
      return { ok: true, edit: Number(text) };
    }
    case "label": {
      if (labelIsText(d)) return { ok: true, edit: form.text.trim() === "" ? null : form.text.trim() };
      try {
        return { ok: true, edit: JSON.parse(text === "" ? "null" : text) };
      } catch {
        return { ok: false, error: `${d.facet}: not valid JSON` };
      }
    }
    case "caption":
      if (text === "") return { ok: true, edit: null };
      return { ok: true, edit: { text: form.text, corrected: form.corrected, inconsistentWith: form.inconsistentWith, note: "" } };
  }
}
