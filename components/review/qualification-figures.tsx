import { Badge } from "@/components/ui/badge";
import type { QualificationFigure, QualificationStatus } from "@/lib/review/qualification-api-schemas";

const STATUS: Record<QualificationStatus, { tone: "blue" | "green" | "red"; label: string }> = {
  IN_PROGRESS: { tone: "blue", label: "In progress" },
  PASSED: { tone: "green", label: "Passed" },
  FAILED: { tone: "red", label: "Failed" },
};

export function QualificationStatusBadge({ status }: { status: QualificationStatus }) {
  const s = STATUS[status];
  return <Badge tone={s.tone}>{s.label}</Badge>;
}

const pct = (x: number | null) => (x === null ? "—" : `${Math.round(x * 1000) / 10} %`);

/** Per-kind figures of a qualification attempt: kappa (undefined when nothing varies), raw agreement, units, pass / fail. */
export function FiguresList({ figures, threshold }: { figures: QualificationFigure[]; threshold: number | null }) {
  if (!figures.length) return <span className="text-sm text-slate-500">—</span>;
  return (
    <ul className="flex flex-col gap-0.5 text-sm" aria-label="Kappa per kind">
      {figures.map((f) => (
        <li key={f.kind} data-testid={`figure-${f.kind}`}>
          <span className="font-medium">{f.kind}</span>: κ = {f.kappa === null ? "undefined (no variation)" : f.kappa.toFixed(3)}
          {threshold !== null && ` (needs ${threshold})`} · agreement {pct(f.observedAgreement)} over {f.units} · <span className={f.passed ? "text-green-700" : "text-red-700"}>{f.passed ? "passed" : "below threshold"}</span>
        </li>
      ))}
    </ul>
  );
}
