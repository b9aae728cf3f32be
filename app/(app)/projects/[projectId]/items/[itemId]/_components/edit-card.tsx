import { Card } from "@/components/ui/card";
import type { ItemForViewer } from "@/lib/projects/item-queries";
import { ItemEditForm } from "./item-edit-form";

/** The admin's item editor, folded (the item must have been read with its truth). */
export function EditCard({ item, projectId }: { item: ItemForViewer; projectId: string }) {
  return (
    <Card>
      <details>
        <summary className="cursor-pointer px-4 py-3 text-base font-semibold">Edit item</summary>
        <div className="border-t border-slate-100 p-4">
          <ItemEditForm
            item={{
              id: item.id,
              projectId,
              version: item.version,
              question: item.question,
              presentation: item.presentation,
              labels: item.labels,
              notes: item.notes ?? "",
              videoRef: item.videoRef,
              status: item.status,
              removalReason: item.removalReason,
              truthAnswer: item.truth?.answer ?? null,
              queryPoints: item.queryPoints.map((q) => q.timeSec),
              spans: (item.spans ?? []).filter((s) => s.source === "TRUTH").map((s) => ({ startSec: s.startSec, endSec: s.endSec, label: s.label })),
            }}
          />
        </div>
      </details>
    </Card>
  );
}
