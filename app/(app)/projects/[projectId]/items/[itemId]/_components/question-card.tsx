import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { labelName, labelValueText } from "@/lib/projects/item-filters";
import type { ItemForViewer } from "@/lib/projects/item-queries";
import { PresentationView } from "./presentation-view";

function labelText(v: unknown): string {
  if (v === null || v === undefined) return "(none)";
  if (Array.isArray(v)) return v.length ? v.map((x) => labelValueText(x) ?? JSON.stringify(x)).join(", ") : "(none)";
  return labelValueText(v) ?? JSON.stringify(v);
}

/** The question as presented (options, statements, events) and the item's taxonomy labels. */
export function QuestionCards({ item }: { item: ItemForViewer }) {
  const labels = item.labels && typeof item.labels === "object" && !Array.isArray(item.labels) ? Object.entries(item.labels as Record<string, unknown>) : [];
  return (
    <>
      <Card>
        <CardHeader title="Question" />
        <CardBody className="flex flex-col gap-4">
          <p className="text-base text-slate-900" data-testid="item-question">
            {item.question}
          </p>
          <PresentationView presentation={item.presentation} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Labels" />
        <CardBody>
          {labels.length === 0 ? (
            <p className="text-sm text-slate-500">No labels.</p>
          ) : (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="item-labels">
              {labels.map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-slate-500">{labelName(k)}</dt>
                  <dd>{labelText(v)}</dd>
                </div>
              ))}
            </dl>
          )}
        </CardBody>
      </Card>
    </>
  );
}
