"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { EditorItem } from "@/lib/studies/study-queries";
import { studyApi } from "../../_components/studies-api";
import { usePendingSave } from "./unsaved-edits";

const lines = (t: string) => t.split(/\r?\n/).map((s) => s.trim()).filter(Boolean);
const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The study's items as external ids (one per line), and the attention checks among them (items
 * with a known answer; failures are flagged). Editable while the study is a draft. "Use every item
 * with a video" saves at once; typed changes are marked unsaved, and "Open the study" saves them first.
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
  items: EditorItem[];
}) {
  const router = useRouter();
  const byId = useMemo(() => new Map(items.map((i) => [i.id, i])), [items]);
  const byExt = useMemo(() => new Map(items.map((i) => [i.externalId, i])), [items]);
  const ext = (attention: boolean) => selected.filter((s) => s.attentionCheck === attention).map((s) => byId.get(s.itemId)?.externalId ?? s.itemId);
  const [saved, setSaved] = useState(() => ({ ids: ext(false), checks: ext(true) }));
  const [ids, setIds] = useState(saved.ids.join("\n"));
  const [checks, setChecks] = useState(saved.checks.join("\n"));
  const [pending, setPendingFlag] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const dirty = editable && (!same(lines(ids), saved.ids) || !same(lines(checks), saved.checks));

  const save = async (idText = ids, checkText = checks): Promise<string | null> => {
    const [plain, attention] = [lines(idText), lines(checkText)];
    const unknown = [...plain, ...attention].filter((e) => !byExt.has(e));
    if (unknown.length) {
      const text = `Unknown item ids: ${unknown.slice(0, 10).join(", ")}${unknown.length > 10 ? "…" : ""}`;
      setMessage({ tone: "error", text });
      return text;
    }
    setPendingFlag(true);
    const r = await studyApi<{ items: number }>("PUT", `/api/studies/${studyId}/items`, {
      items: [
        ...plain.map((e) => ({ itemId: byExt.get(e)!.id, attentionCheck: false })),
        ...attention.map((e) => ({ itemId: byExt.get(e)!.id, attentionCheck: true })),
      ],
    });
    setPendingFlag(false);
    if (!r.ok) {
      setMessage({ tone: "error", text: `Items not saved: ${r.message}` });
      return `Items not saved: ${r.message}`;
    }
    setSaved({ ids: plain, checks: attention });
    setMessage({ tone: "success", text: `${r.data.items} items saved.` });
    router.refresh();
    return null;
  };
  usePendingSave("items", dirty, () => save());

  const fillEveryVideoItem = async () => {
    const attention = new Set(lines(checks));
    const next = items.filter((i) => i.hasVideo && !attention.has(i.externalId)).map((i) => i.externalId).join("\n");
    setIds(next);
    await save(next, checks);
  };

  const area = "block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-xs";
  return (
    <Card>
      <CardHeader
        title={`Items (${saved.ids.length + saved.checks.length})`}
        description={`${items.filter((i) => i.hasVideo).length} of ${items.length} active project items have a video.`}
        actions={
          editable ? (
            <Button variant="secondary" size="sm" disabled={pending} onClick={fillEveryVideoItem}>
              Use every item with a video
            </Button>
          ) : undefined
        }
      />
      <CardBody className="grid gap-3 sm:grid-cols-2">
        <label className="text-sm">
          <span className="font-medium">Items (external ids, one per line)</span>
          <textarea className={area} rows={8} value={ids} disabled={!editable} onChange={(e) => setIds(e.target.value)} data-testid="study-items" />
        </label>
        <label className="text-sm">
          <span className="font-medium">Attention checks (items with a known answer)</span>
          <textarea className={area} rows={8} value={checks} disabled={!editable} onChange={(e) => setChecks(e.target.value)} data-testid="study-attention-checks" />
        </label>
        {editable && (
          <div className="sm:col-span-2 flex flex-wrap items-center gap-3">
            <Button onClick={() => save()} disabled={pending}>
              {pending ? "Saving…" : "Save items"}
            </Button>
            {dirty && (
              <Badge tone="amber">
                <span data-testid="items-unsaved">Unsaved changes ({lines(ids).length + lines(checks).length} items listed)</span>
              </Badge>
            )}
            {message && !dirty && <Alert tone={message.tone}>{message.text}</Alert>}
            {message?.tone === "error" && dirty && <Alert tone="error">{message.text}</Alert>}
          </div>
        )}
      </CardBody>
    </Card>
  );
}
