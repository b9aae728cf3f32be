import "server-only";
import { notFound } from "next/navigation";
import type { SessionUser } from "@/lib/auth/request-user";
import { HttpError } from "@/lib/http/http-error";
import { vsasQueueQuerySchema, type VsasQueuePayload, type VsasStart } from "./api-schemas";
import { requireJudgeRun, type JudgeBenchmark, type JudgeRun } from "./judge-run";
import { vsasQueue } from "./vsas-queue";

/** For pages: the run to judge, `notFound()` for 404 / 403 (as the routes), or the message of another refusal. */
export async function pageJudgeRun(user: SessionUser, runId: string, benchmark: JudgeBenchmark): Promise<{ run: JudgeRun } | { error: string }> {
  try {
    return { run: await requireJudgeRun(user, runId, benchmark) };
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || error.status === 403)) notFound();
    if (error instanceof HttpError) return { error: error.message };
    throw error;
  }
}


/**
 * For the VSAS grading page: the page of the queue its search parameters ask for (`page`, or
 * `item` / `session`, validated as the route's query; `at` = last | unjudged), or the message of
 * a bad parameter (naming it).
 */
export async function pageVsasQueue(run: JudgeRun, userId: string, search: Record<string, string | string[] | undefined>): Promise<{ payload: VsasQueuePayload; start: VsasStart } | { error: string }> {
  const one = (k: string) => (Array.isArray(search[k]) ? search[k][0] : search[k]);
  const parsed = vsasQueueQuerySchema.safeParse({ page: one("page"), item: one("item"), session: one("session") });
  if (!parsed.success) return { error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
  const at = one("at");
  try {
    return { payload: await vsasQueue(run, userId, parsed.data), start: at === "last" || at === "unjudged" ? at : "first" };
  } catch (error) {
    if (error instanceof HttpError && error.status === 422) return { error: error.message };
    throw error;
  }
}
