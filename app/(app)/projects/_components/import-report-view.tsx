import type { ImportIssue } from "@/lib/benchmarks/types";
import { groupIssues, outcomeSentence, type ImportReportView as Report } from "@/lib/projects/import-report";

const MAX_ERRORS = 200;
const MAX_PER_CODE = 100;

function IssueTable({ issues, showCode }: { issues: ImportIssue[]; showCode: boolean }) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-xs">
        <thead className="text-slate-500">
          <tr>
            <th scope="col" className="px-2 py-1 font-semibold">
              Line
            </th>
            <th scope="col" className="px-2 py-1 font-semibold">
              Item
            </th>
            <th scope="col" className="px-2 py-1 font-semibold">
              Field
            </th>
            {showCode && (
              <th scope="col" className="px-2 py-1 font-semibold">
                Code
              </th>
            )}
            <th scope="col" className="px-2 py-1 font-semibold">
              Message
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {issues.map((i, k) => (
            <tr key={k} className="align-top">
              <td className="px-2 py-1 font-mono">{i.line ?? "–"}</td>
              <td className="px-2 py-1 font-mono">{i.item_id ?? "–"}</td>
              <td className="px-2 py-1 font-mono">{i.field ?? "–"}</td>
              {showCode && <td className="px-2 py-1 font-mono">{i.code}</td>}
              <td className="px-2 py-1">{i.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A consistency report (dry run or import): counts, the outcome, every error with line, item and
 * field, and warnings grouped by code.
 */
export function ImportReportView({ report, title = "Consistency report" }: { report: Report; title?: string }) {
  const groups = groupIssues(report.warnings);
  const facts: [string, string | number][] = [
    ["Items", report.items],
    ["Query points", report.query_points],
    ["Videos referenced", report.videos_referenced],
    ["Videos in the library", report.videos_linked],
    ["Warnings", report.warnings.length],
    ["Errors", report.errors.length],
  ];
  if (report.errors.length === 0 && report.mode === "items") {
    facts.push([report.dry_run ? "Would create" : "Created", report.created], [report.dry_run ? "Would update" : "Updated", report.updated], ["Unchanged", report.unchanged]);
  }
  return (
    <section aria-label={title} data-testid="import-report" className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <p role="status" data-testid="import-outcome" className={report.errors.length ? "text-sm font-medium text-red-700" : "text-sm font-medium text-slate-800"}>
        {outcomeSentence(report)}
      </p>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-5">
        {facts.map(([k, v]) => (
          <div key={k} className="flex justify-between gap-2 border-b border-slate-100 py-1">
            <dt className="text-slate-500">{k}</dt>
            <dd className="font-mono text-slate-900" data-testid={`report-count-${k.toLowerCase().replace(/\s+/g, "-")}`}>
              {v}
            </dd>
          </div>
        ))}
      </dl>
      {report.errors.length > 0 && (
        <div className="rounded-md border border-red-200 bg-red-50/50 p-2" data-testid="report-errors">
          <h4 className="px-2 pb-1 text-sm font-semibold text-red-800">
            Errors ({report.errors.length}) — nothing {report.dry_run ? "can be" : "was"} written
          </h4>
          <IssueTable issues={report.errors.slice(0, MAX_ERRORS)} showCode />
          {report.errors.length > MAX_ERRORS && <p className="px-2 pt-1 text-xs text-slate-600">… and {report.errors.length - MAX_ERRORS} more.</p>}
        </div>
      )}
      {groups.length > 0 && (
        <div className="flex flex-col gap-1" data-testid="report-warnings">
          <h4 className="text-sm font-semibold text-amber-900">Warnings by code</h4>
          {groups.map((g) => (
            <details key={g.code} className="rounded-md border border-amber-200 bg-amber-50/40">
              <summary className="cursor-pointer px-3 py-1.5 text-sm">
                <span className="font-mono">{g.code}</span> <span className="text-slate-600">— {g.count}</span>
              </summary>
              <IssueTable issues={g.issues.slice(0, MAX_PER_CODE)} showCode={false} />
              {g.count > MAX_PER_CODE && <p className="px-3 pb-2 text-xs text-slate-600">… and {g.count - MAX_PER_CODE} more.</p>}
            </details>
          ))}
        </div>
      )}
    </section>
  );
}
