import { Badge } from "@/components/ui/badge";

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
