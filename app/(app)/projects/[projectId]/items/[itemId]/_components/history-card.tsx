import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { ItemRevisionEntry } from "@/lib/projects/item-queries";

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** The item's revisions, newest first (reasons only when the viewer may see truth: they may speak of it). */
export function HistoryCard({ revisions }: { revisions: ItemRevisionEntry[] }) {
  return (
    <Card>
      <CardHeader title="History" />
      <CardBody>
        <ol className="flex flex-col gap-1 text-sm">
          {revisions.map((r) => (
            <li key={r.id} className="flex flex-wrap gap-x-2">
              <span className="font-mono">v{r.version}</span>
              <span className="text-slate-500">{dateFormat.format(r.createdAt)} UTC</span>
              <span>{r.author?.name || r.author?.email || "import script"}</span>
              {r.reason && <span className="text-slate-600">— {r.reason}</span>}
            </li>
          ))}
          {revisions.length === 0 && <li className="text-slate-500">No recorded revisions.</li>}
        </ol>
      </CardBody>
    </Card>
  );
}
