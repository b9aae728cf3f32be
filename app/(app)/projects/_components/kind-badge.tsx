import { Badge, type BadgeTone } from "@/components/ui/badge";
import { kindShortName } from "@/lib/projects/kinds";

const TONES: Record<string, BadgeTone> = { VCBENCH: "blue", ECBENCH: "amber", TOCBENCH: "purple", VSTAT: "green", VSAS: "red", CUSTOM: "neutral" };

export function KindBadge({ kind }: { kind: string }) {
  return <Badge tone={TONES[kind] ?? "neutral"}>{kindShortName(kind)}</Badge>;
}
