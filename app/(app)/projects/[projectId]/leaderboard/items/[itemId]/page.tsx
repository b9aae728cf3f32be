import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { compactJson, formatFraction } from "@/components/leaderboard/format";
import { KindBadge, StaleBadge } from "@/components/leaderboard/kind-badge";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { requireUser } from "@/lib/auth/current-user";
import { HttpError } from "@/lib/http/http-error";
import { itemDrillDown } from "@/lib/leaderboard/drill-down";
import { HEADLINE_LABELS } from "@/lib/leaderboard/item-score";
import { currentProjectAccess, projectForPage } from "@/lib/projects/page-project";
import { RUN_TRUTH_ROLES } from "@/lib/runs/access";

export const dynamic = "force-dynamic";

function answerOf(raw: unknown): string {
  if (!raw || typeof raw !== "object") return compactJson(raw, 400);
  const r = raw as Record<string, unknown>;
  if (Array.isArray(r.points)) return compactJson((r.points as Array<{ v: unknown } | null>).map((p) => (p ? p.v : null)), 400);
  if ("value" in r) return compactJson(r.value, 400);
  if ("answer" in r) return compactJson(r.answer, 400) + (r.clipsText ? `  (clips: ${compactJson(r.clipsText, 200)})` : "");
  if ("response" in r) return compactJson(r.response, 400);
  if (Array.isArray(r.events)) return (r.events as Array<{ t: number; response: string | null }>).map((e) => `${e.t}s: ${e.response ?? "(pause)"}`).join(" | ");
  return compactJson(raw, 400);
}

type Params = Promise<{ projectId: string; itemId: string }>;

/** The drill-down of the item, when the signed-in user may see the project's truth; null otherwise or when there is no such item. */
const drillDown = cache(async (projectKey: string, itemKey: string) => {
  const access = await currentProjectAccess(projectKey);
  if (!access || !access.truthVisible) return null;
  try {
    return await itemDrillDown(access.project.id, decodeURIComponent(itemKey));
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { projectId, itemId } = await params;
  const d = await drillDown(projectId, itemId);
  return { title: d ? `${d.item.externalId} · Leaderboard · ${d.project.name}` : "Not found" };
}

/** /projects/[projectId]/leaderboard/items/[itemId] — one item: the truth and every row's answer (admins; reviewer members). */
export default async function ItemDrillPage({ params }: { params: Params }) {
  const { projectId, itemId } = await params;
  await requireUser(RUN_TRUTH_ROLES, `/projects/${projectId}/leaderboard/items/${itemId}`);
  const { project } = await projectForPage(projectId, "truth");
  const d = await drillDown(projectId, itemId);
  if (!d) notFound();
  const base = `/projects/${encodeURIComponent(project.id)}`;
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-4 p-6">
      <Breadcrumbs
        trail={[
          { label: "Projects", href: "/projects" },
          { label: project.name, href: base },
          { label: "Leaderboard", href: `${base}/leaderboard` },
          { label: `Item ${d.item.externalId}` },
        ]}
      />
      <h1 className="text-xl font-semibold">{d.item.question}</h1>
      <p className="text-sm text-slate-600">
        {d.item.format} · {d.item.videoRef} · {Object.entries(d.item.labels).map(([k, v]) => `${k}: ${compactJson(v, 40)}`).join(" · ")}
        {d.item.status !== "ACTIVE" ? " · removed" : ""}
      </p>
      <Card>
        <CardHeader title="Ground truth" description={`Current at the project's truth version ${project.truthVersion}.`} />
        <CardBody className="space-y-1 text-sm">
          <p>
            <span className="font-medium">Answer: </span>
            <code className="break-words" data-testid="drill-truth">
              {compactJson(d.truth.answer, 2000)}
            </code>
          </p>
          {d.truth.queryTimes.length > 0 && (
            <p>
              <span className="font-medium">Query times (s): </span>
              {d.truth.queryTimes.join(", ")}
            </p>
          )}
          {d.truth.spans.length > 0 && (
            <p>
              <span className="font-medium">Evidence spans (s): </span>
              {d.truth.spans.map(([s, e]) => `[${s}, ${e}]`).join(", ")}
            </p>
          )}
        </CardBody>
      </Card>
      <Table aria-label="Answers of every row">
        <THead>
          <Tr>
            <Th>Run</Th>
            <Th>Answer (as given)</Th>
            <Th>Read as</Th>
            <Th>{HEADLINE_LABELS[project.benchmark] ?? "score"} ×100</Th>
            <Th>All scores</Th>
          </Tr>
        </THead>
        <TBody>
          {d.runs.map((r) => (
            <Tr key={r.runId} data-testid="drill-row" data-run-name={r.name}>
              <Td>
                <Link href={`${base}/runs/${r.runId}`} className="font-medium text-blue-700 hover:underline">
                  {r.name}
                </Link>{" "}
                <KindBadge kind={r.kind} /> <StaleBadge stale={r.stale} />
              </Td>
              <Td className="max-w-md break-words" data-testid="drill-answer">{r.scores ? answerOf(r.raw) : <span className="text-slate-400">no prediction</span>}</Td>
              <Td className="max-w-xs break-words">{r.scores ? (r.valid ? compactJson(r.parsed, 300) : <span className="text-red-700">invalid</span>) : ""}</Td>
              <Td className="tabular-nums">{formatFraction(r.headline)}</Td>
              <Td className="text-xs text-slate-600">
                {r.scores
                  ? Object.entries(r.scores)
                      .filter(([, v]) => v !== null)
                      .map(([k, v]) => `${k} ${typeof v === "number" && !Number.isInteger(v) ? v.toFixed(3) : String(v)}`)
                      .join(" · ")
                  : ""}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </main>
  );
}
