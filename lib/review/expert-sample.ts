/**
 * Expert sample (PURE): which items an expert looks at again after their truth was written
 * (double review AGREED, or a single pass submitted). Project setting
 * `Project.settings.review.expertSamplePercent` (0-100, default 0). An item is sampled when
 * `hash(itemId) mod 10000 < percent × 100`, with `hash` the 32-bit FNV-1a of the id's UTF-8
 * bytes: the same item is always sampled or always not, whoever submits and whenever.
 */
import { expertSamplePercentSchema } from "@/lib/tasks/workflow-settings";

export { expertSamplePercentSchema };

export const DEFAULT_EXPERT_SAMPLE_PERCENT = 0;

function asObject(v: unknown): Record<string, unknown> {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** `Project.settings` JSON → the expert sample percentage (invalid or missing: 0; never throws). */
export function expertSamplePercentFromSettings(settings: unknown): number {
  const r = expertSamplePercentSchema.safeParse(asObject(asObject(settings).review).expertSamplePercent);
  return r.success ? r.data : DEFAULT_EXPERT_SAMPLE_PERCENT;
}

/** The stored settings object with `review.expertSamplePercent` set (every other key kept). */
export function withExpertSamplePercent(settings: unknown, percent: number): Record<string, unknown> {
  const root = asObject(settings);
  return { ...root, review: { ...asObject(root.review), expertSamplePercent: percent } };
}

/** 32-bit FNV-1a of the UTF-8 bytes of `text` (unsigned). */
export function fnv1a32(text: string): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Whether the item is in the expert sample at this percentage (0: never; 100: always). */
export function inExpertSample(itemId: string, percent: number): boolean {
  return fnv1a32(itemId) % 10000 < Math.round(percent * 100);
}
