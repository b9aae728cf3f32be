import { Badge } from "@/components/ui/badge";

/** A study's status (OPEN green, DRAFT neutral, CLOSED amber). */
export function StudyStatusBadge({ status }: { status: string }) {
  return <Badge tone={status === "OPEN" ? "green" : status === "DRAFT" ? "neutral" : "amber"}>{status}</Badge>;
}
