import { buttonClasses } from "@/components/ui/button";
import { AGREEMENT_TABLES } from "@/lib/review/dashboard-api-schemas";

const LABELS: Record<(typeof AGREEMENT_TABLES)[number], string> = { figures: "Figures", disputed: "Disputed rates", throughput: "Throughput", items: "Items" };

/** Download links of every table of the dashboard, as CSV and JSON. */
export function Downloads({ projectId }: { projectId: string }) {
  const api = `/api/projects/${encodeURIComponent(projectId)}/agreement`;
  return (
    <div className="flex flex-wrap gap-2" data-testid="agreement-downloads">
      {AGREEMENT_TABLES.flatMap((table) =>
        (["csv", "json"] as const).map((format) => (
          <a key={`${table}-${format}`} href={`${api}?format=${format}&table=${table}`} className={buttonClasses("secondary", "sm")} download>
            {LABELS[table]} ({format.toUpperCase()})
          </a>
        )),
      )}
    </div>
  );
}
