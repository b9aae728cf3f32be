/**
 * Builders of annotation documents for tests, fixtures and the review benchmark (PURE): times at
 * a constant frame rate (sec = frame / fps), documents completed with the schema's defaults.
 */
import {
  ecbenchDocumentSchema,
  tocbenchDocumentSchema,
  vcbenchDocumentSchema,
  vsasDocumentSchema,
  vstatDocumentSchema,
  type EcbenchDocument,
  type FrameTime,
  type TocbenchDocument,
  type VcbenchDocument,
  type VsasDocument,
  type VstatDocument,
} from "@/lib/annotation/document";

export const TEST_FPS = 30;

export function at(frame: number, fps = TEST_FPS): FrameTime {
  return { frame, sec: frame / fps };
}

type Without<T> = Omit<Partial<T>, "benchmark" | "v">;

export function vcbenchDoc(fields: Without<VcbenchDocument> & { subtype: VcbenchDocument["subtype"] }): VcbenchDocument {
  return vcbenchDocumentSchema.parse({ benchmark: "VCBENCH", v: 1, ...fields });
}
export function ecbenchDoc(fields: Without<EcbenchDocument> = {}): EcbenchDocument {
  return ecbenchDocumentSchema.parse({ benchmark: "ECBENCH", v: 1, ...fields });
}
export function tocbenchDoc(fields: Without<TocbenchDocument> = {}): TocbenchDocument {
  return tocbenchDocumentSchema.parse({ benchmark: "TOCBENCH", v: 1, ...fields });
}
export function vstatDoc(fields: Without<VstatDocument> = {}): VstatDocument {
  return vstatDocumentSchema.parse({ benchmark: "VSTAT", v: 1, ...fields });
}
export function vsasDoc(fields: Without<VsasDocument> = {}): VsasDocument {
  return vsasDocumentSchema.parse({ benchmark: "VSAS", v: 1, ...fields });
}

/** E1 document with one mark per frame given (ids `${prefix}${i}`) and query points at `queries`. */
export function e1Doc(frames: readonly number[], queries: readonly number[], prefix = "m"): VcbenchDocument {
  return vcbenchDoc({
    subtype: "E1-Action",
    moments: frames.map((f, i) => ({ id: `${prefix}${i}`, at: at(f), label: "", comment: "" })),
    queryPoints: queries.map((f, i) => ({ id: `q${i}`, at: at(f), count: null })),
  });
}

/** E2-Episode document with one occurrence per [start, end] frame pair. */
export function e2Doc(spans: readonly [number, number][], queries: readonly number[], prefix = "o"): VcbenchDocument {
  return vcbenchDoc({
    subtype: "E2-Episode",
    occurrences: spans.map(([s, e], i) => ({ id: `${prefix}${i}`, start: at(s), end: at(e), label: "", comment: "", splits: [] })),
    queryPoints: queries.map((f, i) => ({ id: `q${i}`, at: at(f), count: null })),
  });
}
