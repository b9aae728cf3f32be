import { route } from "@/lib/http/route";
import { buildReport, reportZip, reportZipName } from "@/lib/report/build-report";
import { methodsText } from "@/lib/report/methods";
import { reportQuerySchema, type ReportQuery } from "@/lib/report/report-query";
import { assertReviewerOf, REVIEW_ROLES } from "@/lib/review/review-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const TEXT_TYPES = {
  latex: { type: "application/x-tex; charset=utf-8", ext: "tex" },
  markdown: { type: "text/markdown; charset=utf-8", ext: "md" },
  csv: { type: "text/csv; charset=utf-8", ext: "csv" },
} as const;

/**
 * GET /api/projects/[projectId]/report?format=zip|json|latex|markdown|csv&style=pm|bracket&subtypes=0|1&seed=N
 * — the project's paper-ready report (issue 22; lib/report/build-report.ts), built from the
 * leaderboard, study results and agreement dashboard functions: the zip (default: tables,
 * figures as SVG and 300 dpi PNG, methods, per-item CSVs, truth export, manifest), its JSON
 * summary, or one results table. The project's reviewers (`assertReviewerOf`: admins and reviewer
 * members; annotators and participants 403, non-members 404).
 */
export const GET = route<undefined, ReportQuery, { projectId: string }>({ roles: REVIEW_ROLES, query: reportQuerySchema }, async ({ params, query, user, request }) => {
  const projectId = await assertReviewerOf(user, params.projectId);
  const format = query.format ?? "zip";
  const report = await buildReport(projectId, {
    style: query.style ?? "pm",
    subtypes: query.subtypes === "1",
    ...(query.seed !== undefined ? { seed: query.seed } : {}),
    baseUrl: new URL(request.url).origin,
    files: format === "zip",
  });
  const base = (report.data.project.slug || report.data.project.id).replace(/[^A-Za-z0-9._-]/g, "_");
  const headers = (type: string, file: string) => ({ "content-type": type, "content-disposition": `attachment; filename="${file}"`, "cache-control": "no-store" });
  if (format === "zip") {
    return new Response(reportZip(report) as BodyInit, { headers: headers("application/zip", reportZipName(report)) });
  }
  if (format === "json") {
    return {
      project: report.data.project.slug,
      benchmark: report.data.project.benchmark,
      bootstrap: report.data.bootstrap,
      table: report.table,
      figures: report.figures.map((f) => ({ name: f.name, title: f.title, source: f.source })),
      methods: methodsText(report.methods),
    };
  }
  const t = TEXT_TYPES[format];
  const text = format === "latex" ? report.latex : format === "markdown" ? report.markdown : report.csv;
  return new Response(text, { headers: headers(t.type, `${base}-results.${t.ext}`) });
});
