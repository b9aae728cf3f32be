import { Badge } from "@/components/ui/badge";
import { judgingLabel, type RunJudging } from "@/lib/runs/judging-status";

/** MODEL / HUMAN / CHANCE, and a stale flag. */
export function KindBadge({ kind }: { kind: string }) {
  const tone = kind === "HUMAN" ? "green" : kind === "CHANCE" ? "neutral" : "blue";
  return <Badge tone={tone}>{kind === "MODEL" ? "model" : kind === "HUMAN" ? "human" : "chance"}</Badge>;
}

export function StaleBadge({ stale, status }: { stale: boolean; status?: string }) {
  if (status === "RUNNING") return <Badge tone="amber">rescoring…</Badge>;
  if (status === "FAILED") return <Badge tone="red">rescoring failed</Badge>;
  return stale ? (
    <span title="Scored at an older version of the ground truth; it is being rescored.">
      <Badge tone="amber">stale</Badge>
    </span>
  ) : null;
}

/**
 * A run whose judged figures are not all judged (lib/runs/judging-status.ts): "partial · judged
 * n of N", never shown as a final score. Final and automatic runs show nothing.
 */
export function PartialBadge({ judging }: { judging?: RunJudging }) {
  if (!judging || judging.final) return null;
  return (
    <span title={`${judgingLabel(judging)}. Not ranked until every ${judging.unit} is judged.`} data-testid="partial-badge">
      <Badge tone="amber">
        partial · judged {judging.judged} of {judging.total}
      </Badge>
    </span>
  );
}
