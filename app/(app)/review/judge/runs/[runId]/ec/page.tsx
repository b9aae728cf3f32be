import type { Metadata } from "next";
import { JudgePageError } from "@/components/judging/judge-page-error";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { requireUser } from "@/lib/auth/current-user";
import { ecQueue } from "@/lib/judging/ec-queue";
import { JUDGE_ROLES } from "@/lib/judging/judge-run";
import { pageJudgeRun } from "@/lib/judging/page-run";
import { EcMatcher } from "./_components/ec-matcher";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Match enumeration answers" };

type Params = Promise<{ runId: string }>;

/** /review/judge/runs/[runId]/ec — link an EC-Bench run's predicted enumeration items to the true items. */
export default async function EcJudgePage({ params }: { params: Params }) {
  const { runId } = await params;
  const user = await requireUser(JUDGE_ROLES, `/review/judge/runs/${encodeURIComponent(runId)}/ec`);
  const found = await pageJudgeRun(user, runId, "ECBENCH");
  if ("error" in found) return <JudgePageError message={found.error} />;
  const payload = await ecQueue(found.run, user.id);
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-3 p-4">
      <Breadcrumbs trail={[{ label: "Judge queues", href: "/review/judge" }, { label: payload.run.projectName }, { label: payload.run.name }]} />
      <EcMatcher payload={payload} />
    </main>
  );
}
