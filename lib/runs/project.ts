import "server-only";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { DEFAULT_CLIP_PARSER, type ClipParser } from "@/lib/metrics/parse-time";
import { isRunBenchmark, type MetricVariant, type RunBenchmark } from "./types";

export type RunProject = { id: string; name: string; slug: string; benchmark: string; truthVersion: number; settings: unknown };

const select = { id: true, name: true, slug: true, benchmark: true, truthVersion: true, settings: true } as const;

/** The project with this id (or slug, or name), or 404. */
export async function findProject(key: string): Promise<RunProject> {
  const project =
    (await db.project.findUnique({ where: { id: key }, select })) ??
    (await db.project.findUnique({ where: { slug: key }, select })) ??
    (await db.project.findUnique({ where: { name: key }, select }));
  if (!project) throw new HttpError(404, `No project "${key}".`, "not_found");
  return project;
}

/** The project's benchmark when it has a scorer, else 400. */
export function scoredBenchmark(project: RunProject): RunBenchmark {
  if (!isRunBenchmark(project.benchmark)) {
    throw new HttpError(400, `Project "${project.name}" is a ${project.benchmark} project: there is no built-in scorer for it.`, "no_scorer");
  }
  return project.benchmark;
}

/** The project's metric variant (settings.metricVariant: "reference" by default, or "paper"). */
export function projectVariant(settings: unknown): MetricVariant {
  const v = settings && typeof settings === "object" ? (settings as Record<string, unknown>).metricVariant : undefined;
  return v === "paper" ? "paper" : "reference";
}

/** The project's EC-Bench clip parser (settings.clipParser: "reference" by default, or "lenient"). */
export function projectClipParser(settings: unknown): ClipParser {
  const v = settings && typeof settings === "object" ? (settings as Record<string, unknown>).clipParser : undefined;
  return v === "lenient" ? "lenient" : DEFAULT_CLIP_PARSER;
}
