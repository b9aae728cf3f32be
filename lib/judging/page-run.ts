import "server-only";
import { notFound } from "next/navigation";
import type { SessionUser } from "@/lib/auth/request-user";
import { HttpError } from "@/lib/http/http-error";
import { requireJudgeRun, type JudgeBenchmark, type JudgeRun } from "./judge-run";

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
