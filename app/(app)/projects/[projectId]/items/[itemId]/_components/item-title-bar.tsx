import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { ItemForViewer } from "@/lib/projects/item-queries";
import type { ItemPageExtras } from "@/lib/projects/item-page";

/** Native id, format, status and version of the item, with links to its neighbours in native order. */
export function ItemTitleBar({ item, neighbours, base, keep }: { item: ItemForViewer; neighbours: ItemPageExtras["neighbours"]; base: string; keep: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-mono text-lg font-semibold" data-testid="item-external-id">
          {item.externalId}
        </h2>
        <Badge>{item.format}</Badge>
        {item.status === "ACTIVE" ? <Badge tone="blue">active</Badge> : <Badge tone="red">removed{item.removalReason ? `: ${item.removalReason}` : ""}</Badge>}
        <span className="text-xs text-slate-500">
          #{item.ordinal + 1} · version {item.version}
        </span>
      </div>
      <nav aria-label="Neighbouring items" className="flex gap-3 text-sm">
        {neighbours.prev && (
          <Link href={`${base}/${neighbours.prev.id}${keep}`} className="text-blue-700 hover:underline">
            ← {neighbours.prev.externalId}
          </Link>
        )}
        {neighbours.next && (
          <Link href={`${base}/${neighbours.next.id}${keep}`} className="text-blue-700 hover:underline">
            {neighbours.next.externalId} →
          </Link>
        )}
      </nav>
    </div>
  );
}
