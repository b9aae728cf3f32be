"use client";

import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import { formatBytes } from "@/lib/video-library/format";
import type { VideoDto } from "@/lib/video-library/video-dto";
import { Button } from "@/components/ui/button";

type Status =
  | { kind: "queued" }
  | { kind: "uploading"; sent: number }
  | { kind: "processing" }
  | { kind: "done"; video: VideoDto; duplicate: boolean }
  | { kind: "background"; message: string }
  | { kind: "error"; message: string }
  | { kind: "cancelled" };

type Entry = { key: string; file: File; status: Status };

type UploadAnswer = { video?: VideoDto; duplicate?: boolean; queued?: { message: string }; error?: { message?: string } };

/**
 * Upload queue: files are sent one after the other as raw bodies (PUT /api/videos/upload,
 * name in x-file-name) with XMLHttpRequest, for upload progress. Cancel aborts the request;
 * the server then removes the partial temp file.
 */
export function UploadForm({ maxBytes }: { maxBytes: number }) {
  const [entries, setEntries] = useState<Entry[]>([]);
  const [dragging, setDragging] = useState(false);
  const xhrRef = useRef<{ key: string; xhr: XMLHttpRequest } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const update = useCallback((key: string, status: Status) => {
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, status } : e)));
  }, []);

  const add = (files: FileList | File[]) => {
    const next: Entry[] = Array.from(files).map((file, i) => ({
      key: `${Date.now()}-${i}-${file.name}`,
      file,
      status:
        file.size > maxBytes
          ? { kind: "error", message: `larger than the upload limit of ${formatBytes(maxBytes)}` }
          : { kind: "queued" },
    }));
    setEntries((list) => [...list, ...next]);
  };

  const busy = entries.some((e) => e.status.kind === "uploading" || e.status.kind === "processing");

  // Start the next queued file whenever nothing is in flight.
  useEffect(() => {
    if (busy) return;
    const next = entries.find((e) => e.status.kind === "queued");
    if (!next) return;
    const xhr = new XMLHttpRequest();
    xhrRef.current = { key: next.key, xhr };
    xhr.open("PUT", "/api/videos/upload");
    xhr.setRequestHeader("x-file-name", encodeURIComponent(next.file.name));
    xhr.setRequestHeader("content-type", "application/octet-stream");
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => update(next.key, { kind: "uploading", sent: e.loaded });
    xhr.upload.onload = () => update(next.key, { kind: "processing" });
    xhr.onload = () => {
      xhrRef.current = null;
      const body = (xhr.response ?? null) as UploadAnswer | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.video) {
        update(next.key, { kind: "done", video: body.video, duplicate: !!body.duplicate });
      } else if (xhr.status === 202 && body?.queued) {
        update(next.key, { kind: "background", message: body.queued.message });
      } else {
        update(next.key, { kind: "error", message: body?.error?.message ?? `the server answered HTTP ${xhr.status}` });
      }
    };
    xhr.onerror = () => {
      xhrRef.current = null;
      update(next.key, {
        kind: "error",
        message: "the connection was closed (network problem, or the server refused the file, e.g. over the size limit)",
      });
    };
    xhr.onabort = () => {
      xhrRef.current = null;
      update(next.key, { kind: "cancelled" });
    };
    update(next.key, { kind: "uploading", sent: 0 });
    xhr.send(next.file);
  }, [entries, busy, update]);

  useEffect(() => () => xhrRef.current?.xhr.abort(), []);

  const cancel = (key: string) => {
    if (xhrRef.current?.key === key) xhrRef.current.xhr.abort();
    else update(key, { kind: "cancelled" });
  };

  return (
    <div className="flex flex-col gap-4">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          if (e.dataTransfer.files.length) add(e.dataTransfer.files);
        }}
        className={`flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-8 text-center ${
          dragging ? "border-blue-500 bg-blue-50" : "border-neutral-300"
        }`}
        data-testid="upload-drop-zone"
      >
        <p>Drop video files here, or</p>
        <Button onClick={() => inputRef.current?.click()}>Choose files…</Button>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept="video/*,.mkv,.ts,.mts,.m2ts"
          className="sr-only"
          aria-label="Video files to upload"
          tabIndex={-1}
          data-testid="upload-input"
          onChange={(e) => {
            if (e.target.files?.length) add(e.target.files);
            e.target.value = "";
          }}
        />
        <p className="text-xs text-neutral-500">Up to {formatBytes(maxBytes)} per file.</p>
      </div>
      {entries.length > 0 && (
        <ul className="flex flex-col gap-3" data-testid="upload-list">
          {entries.map((e) => (
            <li key={e.key} className="flex flex-col gap-1 rounded border p-3 text-sm" data-testid="upload-entry">
              <div className="flex items-center justify-between gap-3">
                <span className="truncate font-medium" title={e.file.name}>
                  {e.file.name}
                </span>
                <span className="shrink-0 text-neutral-500">{formatBytes(e.file.size)}</span>
              </div>
              <EntryStatus entry={e} onCancel={() => cancel(e.key)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function EntryStatus({ entry, onCancel }: { entry: Entry; onCancel: () => void }) {
  const s = entry.status;
  switch (s.kind) {
    case "queued":
      return (
        <div className="flex items-center justify-between">
          <span className="text-neutral-500">waiting…</span>
          <button type="button" onClick={onCancel} className="text-red-700 hover:underline">
            Remove
          </button>
        </div>
      );
    case "uploading": {
      const pct = entry.file.size ? Math.min(100, (s.sent / entry.file.size) * 100) : 0;
      return (
        <div className="flex items-center gap-3">
          <progress className="h-2 flex-1" max={100} value={pct} aria-label={`Uploading ${entry.file.name}`} />
          <span className="w-12 text-right tabular-nums">{pct.toFixed(0)} %</span>
          <button type="button" onClick={onCancel} className="text-red-700 hover:underline" data-testid="upload-cancel">
            Cancel
          </button>
        </div>
      );
    }
    case "processing":
      return <span className="text-neutral-600">checking and converting on the server…</span>;
    case "done":
      return (
        <span className="text-green-700" role="status">
          {s.duplicate ? "already in the library: " : "added: "}
          <Link href={`/videos/${s.video.id}`} className="underline">
            {s.video.width}×{s.video.height}, {s.video.frameCount} frames{s.video.transcoded ? ", converted for browsers" : ""}
          </Link>
        </span>
      );
    case "background":
      return (
        <span className="text-amber-800" role="status">
          {s.message}{" "}
          <Link href="/videos" className="underline">
            Videos
          </Link>
        </span>
      );
    case "error":
      return (
        <span className="text-red-700" role="alert">
          {s.message}
        </span>
      );
    case "cancelled":
      return <span className="text-neutral-500">cancelled</span>;
  }
}
