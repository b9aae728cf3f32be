"use client";

import { useState, type MouseEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";

type ExportProblem = { item_id?: string | null; field?: string; line?: number | null; message?: string };
type Failure = { message: string; problems: ExportProblem[]; more: number };

const SHOWN = 10;

/** The download's file name from a Content-Disposition header (else `fallback`). */
function fileName(disposition: string | null, fallback: string): string {
  const m = /filename="([^"]+)"/.exec(disposition ?? "");
  return m?.[1] ?? fallback;
}

/**
 * The project's export link. Clicking fetches the file first: a refusal (422 `export_invalid`:
 * the file would not import again) is shown as the message and the items and fields concerned,
 * never as raw JSON; a success downloads the file under the server's name.
 */
export function ExportLink({ href, label, fallbackName }: { href: string; label: string; fallbackName: string }) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const click = async (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    setPending(true);
    setFailure(null);
    try {
      const res = await fetch(href, { credentials: "same-origin" });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string; details?: { errors?: ExportProblem[] } } } | null;
        const problems = body?.error?.details?.errors ?? [];
        setFailure({ message: body?.error?.message ?? `The export failed (the server answered ${res.status}).`, problems: problems.slice(0, SHOWN), more: Math.max(0, problems.length - SHOWN) });
        return;
      }
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement("a");
      a.href = url;
      a.download = fileName(res.headers.get("content-disposition"), fallbackName);
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      setFailure({ message: "Could not reach the server.", problems: [], more: 0 });
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="flex flex-col items-end gap-2">
      <a href={href} onClick={click} className={buttonClasses("secondary", "sm")} aria-disabled={pending} data-testid="project-export">
        {pending ? "Exporting…" : label}
      </a>
      {failure && (
        <Alert tone="error" title="This project cannot be exported" className="max-w-xl">
          <div data-testid="export-error">
            <p>{failure.message}</p>
            {failure.problems.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {failure.problems.map((p, i) => (
                  <li key={i}>
                    {p.item_id ? <span className="font-medium">item {p.item_id}</span> : "file"}
                    {p.field ? <> · field <code>{p.field}</code></> : null}
                    {p.message ? `: ${p.message}` : null}
                  </li>
                ))}
              </ul>
            )}
            {failure.more > 0 && <p className="mt-1">…and {failure.more} more.</p>}
          </div>
        </Alert>
      )}
    </div>
  );
}
