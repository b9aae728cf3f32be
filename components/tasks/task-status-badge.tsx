import { Badge, type BadgeTone } from "@/components/ui/badge";

const TONES: Record<string, BadgeTone> = { OPEN: "blue", IN_PROGRESS: "amber", SUBMITTED: "green", SKIPPED: "neutral" };
const LABELS: Record<string, string> = { OPEN: "Open", IN_PROGRESS: "In progress", SUBMITTED: "Submitted", SKIPPED: "Skipped" };

export function TaskStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status] ?? "neutral"}>{LABELS[status] ?? status}</Badge>;
}
