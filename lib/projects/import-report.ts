/**
 * Reading import reports (PURE; shared by the import form, the overview's history and tests).
 * A report is what lib/benchmarks/import-project.ts returns and stores in ImportJob.report.
 */
import type { ImportIssue } from "@/lib/benchmarks/types";
import { plural } from "@/lib/text/plural";

export type ImportReportView = {
  items: number;
  query_points: number;
  videos_referenced: number;
  warnings: ImportIssue[];
  errors: ImportIssue[];
  project: string | null;
  dry_run: boolean;
  file_kind: string;
  mode: "items" | "eval_match";
  created: number;
  updated: number;
  unchanged: number;
  videos_linked: number;
  import_job_id: string | null;
};

export type IssueGroup = { code: string; count: number; issues: ImportIssue[] };

/** Issues grouped by code, largest group first (ties by code), each group in file order. */
export function groupIssues(issues: readonly ImportIssue[]): IssueGroup[] {
  const groups = new Map<string, ImportIssue[]>();
  for (const i of issues) {
    const list = groups.get(i.code);
    if (list) list.push(i);
    else groups.set(i.code, [i]);
  }
  return [...groups]
    .map(([code, list]) => ({
      code,
      count: list.length,
      issues: [...list].sort((a, b) => (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER)),
    }))
    .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
}

/** True when importing would change (or changed) nothing: no errors, no item created or updated. */
export function isNoChange(report: Pick<ImportReportView, "errors" | "created" | "updated">): boolean {
  return report.errors.length === 0 && report.created === 0 && report.updated === 0;
}

/** One line describing the outcome ("Would create 10 items", "No changes", "2 errors: nothing was written"). */
export function outcomeSentence(report: Pick<ImportReportView, "errors" | "created" | "updated" | "unchanged" | "dry_run" | "mode">): string {
  if (report.errors.length > 0) {
    return `${plural(report.errors.length, "error")}: nothing ${report.dry_run ? "can be" : "was"} imported.`;
  }
  if (report.mode === "eval_match") return "Evaluation file matched against the project's questions; items are not changed.";
  if (isNoChange(report)) return `No changes: all ${report.unchanged} item${report.unchanged === 1 ? " is" : "s are"} already in the project as in this file.`;
  const verb = report.dry_run ? ["Would create", "would update"] : ["Created", "updated"];
  return `${verb[0]} ${plural(report.created, "item")}, ${verb[1]} ${report.updated}, ${report.unchanged} unchanged.`;
}

/** A report read back from JSON (ImportJob.report): missing or malformed parts become empty. */
export function readReport(value: unknown): ImportReportView | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const r = value as Record<string, unknown>;
  const num = (k: string) => (typeof r[k] === "number" ? (r[k] as number) : 0);
  const list = (k: string) => (Array.isArray(r[k]) ? (r[k] as ImportIssue[]).filter((i) => i && typeof i === "object" && typeof i.code === "string") : []);
  return {
    items: num("items"),
    query_points: num("query_points"),
    videos_referenced: num("videos_referenced"),
    warnings: list("warnings"),
    errors: list("errors"),
    project: typeof r.project === "string" ? r.project : null,
    dry_run: r.dry_run === true,
    file_kind: typeof r.file_kind === "string" ? r.file_kind : "unknown",
    mode: r.mode === "eval_match" ? "eval_match" : "items",
    created: num("created"),
    updated: num("updated"),
    unchanged: num("unchanged"),
    videos_linked: num("videos_linked"),
    import_job_id: typeof r.import_job_id === "string" ? r.import_job_id : null,
  };
}
