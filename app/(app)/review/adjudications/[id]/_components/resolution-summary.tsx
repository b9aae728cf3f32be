import { formatDateTime } from "@/components/ui/format";
import type { AdjudicationPayload } from "@/lib/review/api-schemas";
import { differenceLabels, labelOfDifferenceId } from "@/lib/review/difference-label";

/** Read-only: who resolved (or that it merged by itself), when, the note and the decision per difference. */
export function ResolutionSummary({ payload }: { payload: AdjudicationPayload }) {
  const r = payload.resolution;
  if (!r) return null;
  const labels = differenceLabels(payload.differences);
  return (
    <section aria-label="Resolution" className="flex flex-col gap-1 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm" data-testid="resolution-summary">
      <p>
        <span className="font-semibold">{payload.status === "AGREED" ? "Agreed: merged automatically" : `Resolved by ${r.resolvedBy?.name ?? "an unknown reviewer"}`}</span>
        {r.resolvedAt && <span className="text-slate-600"> · {formatDateTime(r.resolvedAt)}</span>}
      </p>
      {r.note && (
        <p data-testid="resolution-note">
          Note: <span className="whitespace-pre-wrap">{r.note}</span>
        </p>
      )}
      {r.decisions.length > 0 && (
        <ul className="max-h-48 overflow-auto font-mono text-xs" data-testid="resolution-decisions">
          {r.decisions.map((d) => (
            <li key={d.differenceId}>
              {labelOfDifferenceId(labels, d.differenceId)}: {d.resolution}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
