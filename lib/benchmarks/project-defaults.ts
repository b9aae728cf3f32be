/**
 * Default settings of a project created by an import, and where the file meta lives.
 *
 * `settings.native` = {@link FileMeta} of the last imported truth file ({fileKind, header}):
 * the exporter needs it to write the same format (TOC-Bench header, CSV column order, VCBench
 * data vs eval file). Other keys are project settings owned by the admin UI; an import
 * never changes them.
 */
import type { BenchmarkKindName, FileMeta } from "./types";

export function defaultProjectSettings(kind: BenchmarkKindName): Record<string, unknown> {
  return {
    metricVariant: "reference",
    qualificationKappa: 0.8,
    doubleReview: false,
    protocol: kind === "VCBENCH" || kind === "VSAS" ? "STREAMING" : "FREE_REWATCH",
  };
}

export function nativeMetaOf(settings: unknown): FileMeta | null {
  const s = settings && typeof settings === "object" ? (settings as Record<string, unknown>).native : null;
  if (!s || typeof s !== "object" || typeof (s as FileMeta).fileKind !== "string") return null;
  return s as FileMeta;
}

/** URL-safe slug of a project name ("VCBench data (v1)" → "vcbench-data-v1"). */
export function slugify(name: string): string {
  const s = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return s || "project";
}

/** Default project name for a file: its base name without extension. */
export function defaultProjectName(fileName: string): string {
  const base = fileName.replace(/\\/g, "/").split("/").pop() ?? fileName;
  return base.replace(/\.[A-Za-z0-9]+$/, "") || base;
}
