import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { ItemReviewStatus } from "@/lib/review/item-review-status";
import { plural } from "@/lib/text/plural";

const KIND = { double: "Double review", expert: "Expert sample" } as Record<string, string>;
const STATUS = { PENDING: "Pending", AGREED: "Agreed", DISPUTED: "Disputed", RESOLVED: "Resolved" } as const;
const TONE = { PENDING: "neutral", AGREED: "green", DISPUTED: "amber", RESOLVED: "blue" } as const;

/** The item's double review / expert sample: status, passes compared, why they disagree (staff only). */
export function ReviewStatusCard({ reviews }: { reviews: ItemReviewStatus[] }) {
  return (
    <Card data-testid="review-status">
      <CardHeader title="Review" />
      <CardBody className="flex flex-col gap-3">
        {reviews.map((r) => (
          <div key={r.id} className="flex flex-col gap-1 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{KIND[r.kind] ?? r.kind}</span>
              <Badge tone={TONE[r.status]}>{STATUS[r.status]}</Badge>
              <span className="text-slate-500">
                {plural(r.annotations, "annotation")}
              </span>
              {(r.status === "DISPUTED" || r.status === "RESOLVED") && (
                <Link className="text-blue-700 underline" href={`/review/adjudications/${r.id}`}>
                  Open
                </Link>
              )}
            </div>
            {r.reasons.length > 0 && (
              <ul className="list-disc pl-5 text-slate-700">
                {r.reasons.slice(0, 10).map((reason, i) => (
                  <li key={i}>{reason}</li>
                ))}
              </ul>
            )}
          </div>
        ))}
      </CardBody>
    </Card>
  );
}
