import type { Metadata } from "next";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { requireUser } from "@/lib/auth/current-user";
import { JUDGE_ROLES } from "@/lib/judging/judge-run";
import { listJudgeQueues } from "@/lib/judging/queue-list";
import { QueueTables } from "./_components/queue-tables";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Judge queues" };

/** /review/judge — the VSAS and EC-Bench judge queues of the reviewer's projects: runs with judged / total per reviewer. */
export default async function JudgeQueuesPage() {
  const user = await requireUser(JUDGE_ROLES, "/review/judge");
  const list = await listJudgeQueues(user);
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-6 p-6">
      <Breadcrumbs trail={[{ label: "Review", href: "/review" }, { label: "Judge queues" }]} />
      <div>
        <h1 className="text-2xl font-semibold">Judge queues</h1>
        <p className="mt-1 text-sm text-slate-600">
          Grade a VSAS run&apos;s responses second by second, or match an EC-Bench run&apos;s enumeration answers to the truth. Your judgements replace the
          automatic ones when the run is rescored.
        </p>
      </div>
      <QueueTables list={list} />
    </main>
  );
}
