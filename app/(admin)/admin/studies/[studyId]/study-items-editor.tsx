"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { studyApi } from "../studies-api";

type ProjectItem = { id: string; externalId: string; format: string; hasVideo: boolean; hasTruth: boolean };

/**
 * The study's items as external ids (one per line), and the attention checks among them (items
 * with a known answer; failures are flagged). Editable while the study is a draft.
 */
export function StudyItemsEditor({
  studyId,
  editable,
  selected,
  items,
}: {
  studyId: string;
  editable: boolean;
  selected: { itemId: string; attentionCheck: boolean }[];
  items: ProjectItem[];
}) {
  const router = useRouter();
  const byId = useMemo(() => new Map(items.map((i) => [i.id, i])), [items]);
  const byExt = useMemo(() => new Map(items.map((i) => [i.externalId, i])), [items]);
  const [ids, setIds] = useState(selected.filter((s) => !s.attentionCheck).map((s) => byId.get(s.itemId)?.externalId ?? s.itemId).join("\n"));
  const [checks, setChecks] = useState(selected.filter((s) => s.attentionCheck).map((s) => byId.get(s.itemId)?.externalId ?? s.itemId).join("\n"));
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const lines = (t: string) => t.split(/\r?\n/).map((s) => s.trim()).filter(Boolean);
  const save = async () => {
    const unknown = [...lines(ids), ...lines(checks)].filter((e) => !byExt.has(e));
    if (unknown.length) return setMessage({ tone: "error", text: `Unknown item ids: ${unknown.slice(0, 10).join(", ")}${unknown.length > 10 ? "…" : ""}` });
    const r = await studyApi<{ items: number }>("PUT", `/api/studies/${studyId}/items`, {
      items: [
        ...lines(ids).map((e) => ({ itemId: byExt.get(e)!.id, attentionCheck: false })),
        ...lines(checks).map((e) => ({ itemId: byExt.get(e)!.id, attentionCheck: true })),
      ],
    });
    setMessage(r.ok ? { tone: "success", text: `${r.data.items} items saved.` } : { tone: "error", text: r.message });
    if (r.ok) router.refresh();
  };
  const area = "block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-xs";
  return (
    <Card>
      <CardHeader
        title={`Items (${selected.length})`}
        description={`${items.filter((i) => i.hasVideo).length} of ${items.length} active project items have a video.`}
        actions={
          editable ? (
            <Button variant="secondary" size="sm" onClick={() => setIds(items.filter((i) => i.hasVideo).map((i) => i.externalId).join("\n"))}>
              Use every item with a video
            </Button>
          ) : undefined
        }
      />
      <CardBody className="grid gap-3 sm:grid-cols-2">
        <label className="text-sm">
          <span className="font-medium">Items (external ids, one per line)</span>
          <textarea className={area} rows={8} value={ids} disabled={!editable} onChange={(e) => setIds(e.target.value)} />
        </label>
        <label className="text-sm">
          <span className="font-medium">Attention checks (items with a known answer)</span>
          <textarea className={area} rows={8} value={checks} disabled={!editable} onChange={(e) => setChecks(e.target.value)} />
        </label>
        {editable && (
          <div className="sm:col-span-2 flex items-center gap-3">
            <Button onClick={save}>Save items</Button>
            {message && <Alert tone={message.tone}>{message.text}</Alert>}
          </div>
        )}
      </CardBody>
    </Card>
  );
}
