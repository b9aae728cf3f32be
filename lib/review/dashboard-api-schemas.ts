/**
 * Query and payload shapes of the agreement dashboard's downloads and of the annotator feedback
 * (shared by the routes, the pages and the tests).
 */
import { z } from "zod";
import type { AnnotationDocument } from "@/lib/annotation/document";
import type { Comparison } from "./comparison-types";

export const AGREEMENT_TABLES = ["figures", "disputed", "throughput", "items"] as const;
export type AgreementTable = (typeof AGREEMENT_TABLES)[number];

/** GET /api/projects/:projectId/agreement?format=json|csv&table=figures|disputed|throughput|items */
export const agreementQuerySchema = z.strictObject({
  format: z.enum(["json", "csv"], { message: "must be json or csv" }).default("json"),
  table: z.enum(AGREEMENT_TABLES, { message: `must be one of ${AGREEMENT_TABLES.join(", ")}` }).default("figures"),
});
export type AgreementQuery = z.output<typeof agreementQuerySchema>;

/** One row of GET /api/me/feedback: an annotation of the caller whose item is AGREED or RESOLVED. */
export type FeedbackListItem = {
  itemId: string;
  externalId: string;
  annotationId: string;
  projectId: string;
  projectName: string;
  status: "AGREED" | "RESOLVED";
  /** Whether the caller's document agrees with the final one under the project's thresholds. */
  agreedWithFinal: boolean;
  resolvedAt: string | null;
};

/** GET /api/annotations/:id/feedback */
export type FeedbackPayload = {
  annotationId: string;
  itemId: string;
  externalId: string;
  projectName: string;
  question: string;
  status: "AGREED" | "RESOLVED";
  /** The caller's submitted document and the final (adjudicated or auto-merged) one. */
  mine: AnnotationDocument;
  final: AnnotationDocument;
  /** compareAnnotations([mine, final]): annotator A = the caller, B = the final document. */
  comparison: Comparison;
  differences: { id: string; facet: string; summary: string; frame: number | null; blocking: boolean }[];
  /** The reviewer's note ("" when auto-merged or none). */
  note: string;
  resolvedAt: string | null;
  video: { fps: number; frameCount: number };
};
