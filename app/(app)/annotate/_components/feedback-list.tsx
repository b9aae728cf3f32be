import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { FeedbackListItem } from "@/lib/review/dashboard-api-schemas";

/** The annotator's finished double reviews, each linking to its feedback page. */
export function FeedbackList({ items }: { items: FeedbackListItem[] }) {
  if (items.length === 0) return null;
  return (
    <Card data-testid="feedback-list">
      <CardHeader title="Feedback" description="Your annotations of items whose review is finished: yours against the final document." />
      <CardBody>
        <ul className="divide-y divide-slate-100 text-sm">
          {items.map((f) => (
            <li key={f.annotationId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <Link href={`/annotate/feedback/${encodeURIComponent(f.annotationId)}`} className="text-blue-700 hover:underline">
                {f.projectName} · item {f.externalId}
              </Link>
              <span className="flex items-center gap-2">
                <Badge tone={f.status === "RESOLVED" ? "purple" : "blue"}>{f.status === "RESOLVED" ? "resolved" : "agreed"}</Badge>
                {f.agreedWithFinal ? <Badge tone="green">matches final</Badge> : <Badge tone="amber">differs from final</Badge>}
              </span>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
