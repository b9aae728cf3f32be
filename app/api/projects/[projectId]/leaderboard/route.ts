import { z } from "zod";
import { buildLeaderboard } from "@/lib/leaderboard/build-leaderboard";
import { leaderboardCsv } from "@/lib/leaderboard/csv";
import { route } from "@/lib/http/route";
import { projectAccess } from "@/lib/projects/project-access";
import { RUN_VIEW_ROLES } from "@/lib/runs/access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const query = z.object({
  format: z.enum(["json", "csv"]).optional(),
  ci: z.enum(["0", "1"]).optional(),
  seed: z.coerce.number().int().min(0).max(2 ** 31 - 1).optional(),
  resamples: z.coerce.number().int().min(100).max(10_000).optional(),
});

/**
 * GET /api/projects/[projectId]/leaderboard — every run of the project (MODEL, HUMAN, CHANCE) with
 * the columns of the paper's main table, values ×100 for percentages; stale rows flagged (admins;
 * members; 403 for participants, 404 for non-members). `?ci=1` adds 95 % bootstrap intervals from the per-item scores (seeded:
 * `?seed=` default 0, `?resamples=` default 1000); `?format=csv` exports the same table as CSV,
 * `?format=json` the JSON answer as a file to download.
 */
export const GET = route<undefined, z.infer<typeof query>, { projectId: string }>({ roles: RUN_VIEW_ROLES, query }, async ({ params, query: q, user }) => {
  const { project } = await projectAccess(user, params.projectId);
  const data = await buildLeaderboard(project.id, {
    ci: q.ci === "1",
    bootstrap: { ...(q.seed !== undefined ? { seed: q.seed } : {}), ...(q.resamples !== undefined ? { resamples: q.resamples } : {}) },
  });
  if (q.format === "csv") {
    const file = `${data.project.slug}-leaderboard${data.ci ? "-ci" : ""}.csv`;
    return new Response(leaderboardCsv(data), {
      headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${file}"`, "cache-control": "no-store" },
    });
  }
  if (q.format === "json") {
    const file = `${data.project.slug}-leaderboard${data.ci ? "-ci" : ""}.json`;
    return new Response(JSON.stringify(data, null, 2), {
      headers: { "content-type": "application/json; charset=utf-8", "content-disposition": `attachment; filename="${file}"`, "cache-control": "no-store" },
    });
  }
  return data;
});
