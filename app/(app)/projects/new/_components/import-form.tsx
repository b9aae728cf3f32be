"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/input";
import type { BenchmarkKind } from "@/lib/db/types";
import { readReport, type ImportReportView as Report } from "@/lib/projects/import-report";
import { kindInfo, PROJECT_KINDS } from "@/lib/projects/kinds";
import { formatBytes } from "@/lib/video-library/format";
import { ImportReportView } from "../../_components/import-report-view";

type Answer = {
  kind: BenchmarkKind;
  file: { name: string; size: number; sha256: string };
  report: Report;
  project: { id: string; name: string; slug: string } | null;
  existingProject: boolean;
  noChanges: boolean;
  error?: { code: string; message: string };
};

type Phase =
  | { kind: "idle" }
  | { kind: "sending"; dryRun: boolean; loaded: number; total: number }
  | { kind: "checked"; answer: Answer }
  | { kind: "imported"; answer: Answer }
  | { kind: "failed"; message: string; answer?: Answer };

type Target = { id: string; name: string; benchmark: BenchmarkKind };

function defaultName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  return base.replace(/\.[A-Za-z0-9]+$/, "") || base;
}

/**
 * Upload a benchmark file: first a DRY RUN (the server parses it and compares it with the project,
 * writing nothing) whose consistency report is shown; then "Import" sends the same file again with
 * the dry run's SHA-256, so exactly the checked file is imported, all or nothing.
 * With `project`, the file is a new version of that project's file; otherwise a new project is
 * created (or, when the name exists, that project gets the new version).
 */
export function ImportForm({ maxBytes, project }: { maxBytes: number; project?: Target }) {
  const router = useRouter();
  const ids = useId();
  const [kind, setKind] = useState<BenchmarkKind>(project?.benchmark ?? "VCBENCH");
  const [name, setName] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const xhrRef = useRef<XMLHttpRequest | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => () => xhrRef.current?.abort(), []);

  const info = kindInfo(kind);
  const busy = phase.kind === "sending";
  const tooBig = !!file && file.size > maxBytes;

  const send = (dryRun: boolean, sha256?: string) => {
    if (!file) return;
    const params = new URLSearchParams();
    if (!project) {
      params.set("kind", info.param);
      if (name.trim()) params.set("name", name.trim());
    }
    if (dryRun) params.set("dryRun", "1");
    if (sha256) params.set("expectSha256", sha256);
    const url = project ? `/api/projects/${encodeURIComponent(project.id)}/import?${params}` : `/api/projects?${params}`;
    const xhr = new XMLHttpRequest();
    xhrRef.current = xhr;
    xhr.open("POST", url);
    xhr.setRequestHeader("x-file-name", encodeURIComponent(file.name));
    xhr.setRequestHeader("content-type", "application/octet-stream");
    xhr.responseType = "json";
    setPhase({ kind: "sending", dryRun, loaded: 0, total: file.size });
    xhr.upload.onprogress = (e) => setPhase({ kind: "sending", dryRun, loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.onload = () => {
      xhrRef.current = null;
      const body = (xhr.response ?? null) as (Answer & { error?: { message?: string } }) | null;
      const report = body?.report ? readReport(body.report) : null;
      const answer = body && report ? { ...body, report } : undefined;
      if (xhr.status >= 200 && xhr.status < 300 && answer) {
        setPhase(dryRun ? { kind: "checked", answer } : { kind: "imported", answer });
        if (!dryRun) router.refresh();
      } else {
        setPhase({ kind: "failed", message: body?.error?.message ?? `The server answered HTTP ${xhr.status}.`, answer });
      }
    };
    xhr.onerror = () => {
      xhrRef.current = null;
      setPhase({ kind: "failed", message: "The connection was closed (network problem, or the server refused the file, e.g. over the size limit)." });
    };
    xhr.onabort = () => {
      xhrRef.current = null;
      setPhase({ kind: "idle" });
    };
    xhr.send(file);
  };

  const reset = () => {
    xhrRef.current?.abort();
    setPhase({ kind: "idle" });
    setFile(null);
    if (fileInput.current) fileInput.current.value = "";
  };

  const checked = phase.kind === "checked" ? phase.answer : null;
  const shown = phase.kind === "checked" || phase.kind === "imported" ? phase.answer : phase.kind === "failed" ? phase.answer : undefined;
  const canImport = !!checked && checked.report.errors.length === 0 && !checked.noChanges;

  return (
    <div className="flex flex-col gap-5">
      <form
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (file && !tooBig && !busy) send(true);
        }}
      >
        {!project && (
          <>
            <Field id={`${ids}-kind`} label="Benchmark" hint={info.fileHint}>
              <Select
                id={`${ids}-kind`}
                value={kind}
                disabled={busy}
                onChange={(e) => {
                  setKind(e.target.value as BenchmarkKind);
                  setPhase({ kind: "idle" });
                }}
              >
                {PROJECT_KINDS.map((k) => (
                  <option key={k.kind} value={k.kind}>
                    {k.label}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id={`${ids}-name`} label="Project name" hint="Default: the file's name. An existing project of this name gets the file as a new version.">
              <Input
                id={`${ids}-name`}
                value={name}
                maxLength={200}
                disabled={busy}
                placeholder={file ? defaultName(file.name) : "e.g. VCBench pilot"}
                onChange={(e) => {
                  setName(e.target.value);
                  setPhase({ kind: "idle" });
                }}
              />
            </Field>
          </>
        )}
        <Field
          id={`${ids}-file`}
          label="Benchmark file"
          className="sm:col-span-2"
          hint={project ? `${info.fileHint}. Limit ${formatBytes(maxBytes)}.` : `Limit ${formatBytes(maxBytes)}.`}
          error={tooBig ? `${file!.name} is ${formatBytes(file!.size)}, larger than the limit of ${formatBytes(maxBytes)}.` : null}
        >
          <input
            ref={fileInput}
            id={`${ids}-file`}
            type="file"
            accept={info.accept}
            disabled={busy}
            aria-invalid={tooBig || undefined}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-slate-50"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setPhase({ kind: "idle" });
            }}
          />
        </Field>
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
          <Button type="submit" disabled={!file || tooBig || busy}>
            Check file (dry run)
          </Button>
          {busy && (
            <Button variant="secondary" onClick={() => xhrRef.current?.abort()}>
              Cancel
            </Button>
          )}
        </div>
      </form>

      {phase.kind === "sending" && (
        <div className="flex flex-col gap-1" aria-live="polite">
          <label htmlFor={`${ids}-progress`} className="text-sm text-slate-700">
            {phase.loaded < phase.total
              ? `${phase.dryRun ? "Uploading for the dry run" : "Uploading for the import"}: ${formatBytes(phase.loaded)} of ${formatBytes(phase.total)}`
              : phase.dryRun
                ? "Checking the file…"
                : "Importing…"}
          </label>
          <progress id={`${ids}-progress`} data-testid="upload-progress" className="h-2 w-full accent-blue-600" max={phase.total || 1} value={phase.loaded} />
        </div>
      )}

      {phase.kind === "failed" && (
        <Alert tone="error" title={phase.answer ? "The file cannot be imported" : "Upload failed"}>
          {phase.message}
        </Alert>
      )}

      {checked && (
        <div className="flex flex-col gap-2">
          {checked.report.errors.length === 0 && (
            <Alert tone={checked.noChanges ? "info" : "success"} title={checked.noChanges ? "No changes" : "Dry run passed"}>
              {checked.noChanges
                ? `This file is already imported into “${checked.project?.name ?? checked.report.project}”: importing it again would change nothing.`
                : checked.existingProject
                  ? `Importing will update the existing project “${checked.report.project}”.`
                  : `Importing will create the project “${checked.report.project}”.`}{" "}
              Nothing has been written yet.
            </Alert>
          )}
          <div className="flex flex-wrap gap-2">
            {canImport && (
              <Button onClick={() => send(false, checked.file.sha256)} data-testid="confirm-import">
                Import
              </Button>
            )}
            <Button variant="secondary" onClick={reset}>
              Choose another file
            </Button>
          </div>
        </div>
      )}

      {phase.kind === "imported" && (
        <Alert tone="success" title={phase.answer.noChanges ? "No changes" : "Imported"}>
          <span>
            {phase.answer.noChanges
              ? `Project “${phase.answer.project?.name}” already held this file; nothing changed.`
              : `Project “${phase.answer.project?.name}”: ${phase.answer.report.created} created, ${phase.answer.report.updated} updated, ${phase.answer.report.unchanged} unchanged.`}
          </span>
          {phase.answer.project && (
            <span className="mt-2 flex flex-wrap gap-2">
              <Link href={`/projects/${phase.answer.project.id}`} className={buttonClasses("secondary", "sm")}>
                Open project
              </Link>
              <Link href={`/projects/${phase.answer.project.id}/items`} className={buttonClasses("secondary", "sm")}>
                Open catalogue
              </Link>
            </span>
          )}
        </Alert>
      )}

      {shown && <ImportReportView report={shown.report} title={phase.kind === "imported" ? "Import report" : "Consistency report"} />}
    </div>
  );
}
