"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/input";

type Problem = { code: string; message: string; line?: number };
type Answer = {
  run?: { id: string; name: string };
  problems?: Problem[];
  aggregates?: { problem_counts?: Record<string, number>; counts?: { items: number; scored: number } };
  error?: { message?: string; details?: { line?: number; field?: string } };
};
type State =
  | { kind: "idle" }
  | { kind: "uploading"; sent: number; total: number }
  | { kind: "scoring" }
  | { kind: "done"; answer: Answer }
  | { kind: "error"; message: string };

/**
 * File picker + run name + options; sends the file as the raw body of
 * POST /api/projects/[projectId]/runs with XMLHttpRequest (upload progress), then shows the
 * result (problems with line numbers) and links to the run.
 */
export function UploadRunForm({ projectId, projectHref, benchmark, maxBytes }: { projectId: string; projectHref: string; benchmark: string; maxBytes: number }) {
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  const [format, setFormat] = useState("auto");
  const [kind, setKind] = useState("MODEL");
  const [ifExists, setIfExists] = useState("error");
  const [answerColumn, setAnswerColumn] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });
  const xhr = useRef<XMLHttpRequest | null>(null);
  const busy = state.kind === "uploading" || state.kind === "scoring";

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!file) return setState({ kind: "error", message: "Choose a prediction file." });
    if (!name.trim()) return setState({ kind: "error", message: "Give the run a name." });
    if (file.size > maxBytes) return setState({ kind: "error", message: `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB.` });
    const q = new URLSearchParams({ name: name.trim(), format, kind, ifExists });
    if (answerColumn.trim()) q.set("answerColumn", answerColumn.trim());
    const req = new XMLHttpRequest();
    xhr.current = req;
    req.open("POST", `/api/projects/${encodeURIComponent(projectId)}/runs?${q}`);
    req.setRequestHeader("content-type", "application/octet-stream");
    req.setRequestHeader("x-file-name", encodeURIComponent(file.name));
    req.responseType = "json";
    req.upload.onprogress = (ev) => setState({ kind: "uploading", sent: ev.loaded, total: ev.total || file.size });
    req.upload.onload = () => setState({ kind: "scoring" });
    req.onload = () => {
      xhr.current = null;
      const body = (req.response ?? {}) as Answer;
      if (req.status === 201 && body.run) {
        setState({ kind: "done", answer: body });
        router.refresh();
      } else {
        setState({ kind: "error", message: body.error?.message ?? `The server answered HTTP ${req.status}.` });
      }
    };
    req.onerror = () => {
      xhr.current = null;
      setState({ kind: "error", message: "The connection was closed before the server answered." });
    };
    req.onabort = () => {
      xhr.current = null;
      setState({ kind: "idle" });
    };
    setState({ kind: "uploading", sent: 0, total: file.size });
    req.send(file);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="upload-run-form">
      <Field id="run-file" label="Prediction file">
        <Input id="run-file" type="file" accept=".jsonl,.json,.csv,.txt" disabled={busy} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </Field>
      <Field id="run-name" label="Run name" hint="Unique in the project, e.g. the model and its settings.">
        <Input id="run-name" value={name} maxLength={200} disabled={busy} onChange={(e) => setName(e.target.value)} placeholder="Gemini 3 Flash, 64 frames" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="run-format" label="Format">
          <Select id="run-format" value={format} disabled={busy} onChange={(e) => setFormat(e.target.value)}>
            <option value="auto">detect</option>
            <option value="native">benchmark&apos;s own</option>
            <option value="generic">generic JSONL</option>
          </Select>
        </Field>
        <Field id="run-kind" label="Row kind">
          <Select id="run-kind" value={kind} disabled={busy} onChange={(e) => setKind(e.target.value)}>
            <option value="MODEL">model</option>
            <option value="HUMAN">human (e.g. a published baseline)</option>
          </Select>
        </Field>
        <Field id="run-exists" label="If the name is taken">
          <Select id="run-exists" value={ifExists} disabled={busy} onChange={(e) => setIfExists(e.target.value)}>
            <option value="error">refuse</option>
            <option value="version">add “(2)”, “(3)”…</option>
          </Select>
        </Field>
      </div>
      {(benchmark === "ECBENCH" || benchmark === "TOCBENCH" || benchmark === "VSTAT") && (
        <Field id="run-column" label="Answer column (optional)" hint={benchmark === "ECBENCH" ? 'Default: the first "<model>_A" column.' : "Default: the benchmark's usual answer field."}>
          <Input id="run-column" value={answerColumn} disabled={busy} onChange={(e) => setAnswerColumn(e.target.value)} />
        </Field>
      )}
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? "Working…" : "Upload and score"}
        </Button>
        {state.kind === "uploading" && (
          <>
            <progress className="h-2 flex-1" max={state.total || 1} value={state.sent} aria-label="Upload progress" />
            <span className="tabular-nums text-sm">{state.total ? Math.round((100 * state.sent) / state.total) : 0} %</span>
            <Button variant="ghost" size="sm" onClick={() => xhr.current?.abort()}>
              Cancel
            </Button>
          </>
        )}
        {state.kind === "scoring" && <span className="text-sm text-slate-600">scoring on the server…</span>}
      </div>
      {state.kind === "error" && <Alert tone="error" title="Not uploaded">{state.message}</Alert>}
      {state.kind === "done" && state.answer.run && (
        <Alert tone="success" title={`Run “${state.answer.run.name}” scored`}>
          <p>
            {state.answer.aggregates?.counts ? `${state.answer.aggregates.counts.scored} of ${state.answer.aggregates.counts.items} items scored. ` : ""}
            {state.answer.problems?.length ? `${Object.values(state.answer.aggregates?.problem_counts ?? {}).reduce((a, b) => a + b, 0)} problem(s), first ones below.` : "No problems."}{" "}
            <Link className="font-medium underline" href={`${projectHref}/runs/${state.answer.run.id}`}>
              Open the run
            </Link>{" "}
            ·{" "}
            <Link className="font-medium underline" href={`${projectHref}/leaderboard`}>
              Leaderboard
            </Link>
          </p>
          {!!state.answer.problems?.length && (
            <ul className="mt-2 list-disc pl-5 text-xs">
              {state.answer.problems.slice(0, 10).map((p, i) => (
                <li key={i}>
                  <code>{p.code}</code>: {p.message}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
    </form>
  );
}
