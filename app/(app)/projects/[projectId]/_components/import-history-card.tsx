import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { outcomeSentence } from "@/lib/projects/import-report";
import type { ImportHistoryEntry } from "@/lib/projects/project-queries";
import { ImportReportView } from "../../_components/import-report-view";

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** Every import of a benchmark file into the project, newest first, each with its report. */
export function ImportHistoryCard({ imports }: { imports: ImportHistoryEntry[] }) {
  return (
    <Card>
      <CardHeader title="Import history" description="Every import of a benchmark file into this project, newest first." />
      <CardBody className="flex flex-col gap-2">
        {imports.length === 0 && <p className="text-sm text-slate-500">No recorded imports (the project was created another way).</p>}
        {imports.map((job) => (
          <details key={job.id} className="rounded-md border border-slate-200" data-testid="import-history-entry">
            <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
              <span className="font-medium">{job.fileName}</span>
              <span className="text-slate-500">{dateFormat.format(job.createdAt)} UTC</span>
              <span className="text-slate-500">by {job.createdBy?.name || job.createdBy?.email || "a script"}</span>
              <span className="text-slate-700">{job.report ? outcomeSentence(job.report) : job.status}</span>
              {job.report && job.report.warnings.length > 0 && <Badge tone="amber">{job.report.warnings.length} warnings</Badge>}
              <span className="font-mono text-xs text-slate-400" title="SHA-256 of the file">
                {job.sha256.slice(0, 12)}
              </span>
            </summary>
            <div className="border-t border-slate-100 px-3 py-3">{job.report ? <ImportReportView report={job.report} title="Report" /> : <p className="text-sm">No report stored.</p>}</div>
          </details>
        ))}
      </CardBody>
    </Card>
  );
}
