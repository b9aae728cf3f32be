"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/input";
import { apiRequest, fieldErrors } from "@/lib/auth/client-api";
import { createTasksBodySchema, type CreateTasksResult } from "@/lib/tasks/task-schemas";
import { plural } from "@/lib/text/plural";

type Person = { id: string; name: string; email: string };
type Result = { tone: "success" | "error"; text: string } | null;

/** Create tasks for all or filtered items; assign them to chosen annotators (round-robin) or leave them in the pool. */
export function CreateTasksForm({ projectId, annotators, annotationsPerItem }: { projectId: string; annotators: Person[]; annotationsPerItem: number }) {
  const router = useRouter();
  const ids = useId();
  const [scope, setScope] = useState<"all" | "filter">("all");
  const [filter, setFilter] = useState("");
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<Result>(null);
  const [busy, setBusy] = useState(false);
  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={async (e) => {
        e.preventDefault();
        const body = { items: scope === "all" ? { all: true as const } : { filter: filter.trim() }, assignees: chosen };
        const parsed = createTasksBodySchema.safeParse(body);
        if (!parsed.success) {
          setResult({ tone: "error", text: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") });
          return;
        }
        setBusy(true);
        const res = await apiRequest<CreateTasksResult>("POST", `/api/projects/${encodeURIComponent(projectId)}/tasks`, parsed.data);
        setBusy(false);
        if (!res.ok) {
          setErrors(fieldErrors(res.error));
          setResult({ tone: "error", text: res.error.message });
          return;
        }
        setErrors({});
        const d = res.data;
        const who = Object.keys(d.byAssignee).length
          ? Object.entries(d.byAssignee)
              .map(([id, n]) => `${annotators.find((a) => a.id === id)?.name || "annotator"}: ${n}`)
              .join(", ")
          : "";
        setResult({
          tone: "success",
          text: `${plural(d.items, "item")} selected: ${plural(d.created, "task")} created (${[who, d.pooled ? `${d.pooled} in the pool` : ""].filter(Boolean).join("; ") || "none"}), ${d.existing} already existed.`,
        });
        router.refresh();
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">Items</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name={`${ids}-scope`} checked={scope === "all"} onChange={() => setScope("all")} /> All active items
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name={`${ids}-scope`} checked={scope === "filter"} onChange={() => setScope("filter")} /> Items matching a filter
        </label>
        {scope === "filter" && (
          <Field
            id={`${ids}-filter`}
            label="Filter"
            error={errors["items.filter"] ?? Object.entries(errors).find(([k]) => k.startsWith("items.filter."))?.[1]}
            hint={
              <>
                The Items page&apos;s filter as it appears in its address, e.g. <code>format=count&amp;label.subtype=E1-Action</code> or <code>q=kitchen</code>.{" "}
                <Link className="text-blue-700 hover:underline" href={`/projects/${encodeURIComponent(projectId)}/items`}>
                  Open the Items page
                </Link>
              </>
            }
          >
            <Input id={`${ids}-filter`} value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="format=count&label.subtype=E1-Action" />
          </Field>
        )}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">Assign to</legend>
        {annotators.length === 0 && <p className="text-sm text-slate-600">No one may annotate yet: add members with the Annotator role under Settings. Tasks created now go to the pool.</p>}
        {annotators.map((a) => (
          <label key={a.id} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={chosen.includes(a.id)} onChange={() => toggle(a.id)} /> {a.name || a.email} <span className="text-slate-500">{a.email}</span>
          </label>
        ))}
        <p className="text-xs text-slate-500">
          {chosen.length === 0
            ? "No one chosen: the tasks go to the shared pool; annotators claim them with Start next."
            : `Spread round-robin over ${plural(chosen.length, "annotator")}.`}
          {annotationsPerItem > 1 && ` Each item gets ${annotationsPerItem} independent annotations by different people.`}
        </p>
        {errors.assignees && <p className="text-xs text-red-600" role="alert">{errors.assignees}</p>}
      </fieldset>
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Creating…" : "Create tasks"}
        </Button>
      </div>
    </form>
  );
}
