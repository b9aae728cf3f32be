"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import { formatBytes, formatDuration, formatFps } from "@/lib/video-library/format";
import type { VideoDto } from "@/lib/video-library/video-dto";
import type { SceneCutJobState } from "@/lib/video-library/video-jobs";
import { Badge } from "@/components/ui/badge";
import { Input } from "@/components/ui/input";
import { plural } from "@/lib/text/plural";

type Props = { videos: VideoDto[]; sceneCuts?: Record<string, SceneCutJobState>; total: number; query: string; page: number; pageSize: number };

function searchHref(q: string, page = 1): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `/videos?${s}` : "/videos";
}

/** Catalogue grid with a search box (debounced; the query lives in the URL so pages can be shared). */
export function VideoCatalogue({ videos, sceneCuts = {}, total, query, page, pageSize }: Props) {
  const router = useRouter();
  const [q, setQ] = useState(query);
  const [pending, startTransition] = useTransition();

  useEffect(() => {
    if (q === query) return;
    const t = setTimeout(() => startTransition(() => router.replace(searchHref(q.trim()))), 300);
    return () => clearTimeout(t);
  }, [q, query, router]);

  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <section className="flex flex-col gap-4">
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          startTransition(() => router.replace(searchHref(q.trim())));
        }}
        className="flex items-center gap-3"
      >
        <label htmlFor="video-search" className="sr-only">
          Search videos
        </label>
        <Input
          id="video-search"
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Search by name or path…"
          className="w-full max-w-md"
          maxLength={200}
        />
        <span className="text-sm text-neutral-500" aria-live="polite">
          {pending ? "searching…" : `${plural(total, "video")}`}
        </span>
      </form>
      {videos.length === 0 ? (
        <p className="text-neutral-600">{query ? `No video matches “${query}”.` : "No videos yet."}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="video-list">
          {videos.map((v) => (
            <li key={v.id} className="overflow-hidden rounded border bg-white shadow-sm" data-testid="video-card">
              <Link href={`/videos/${v.id}`} className="block">
                <div className="relative aspect-video bg-neutral-200">
                  {v.urls.thumbnail ? (
                    // eslint-disable-next-line @next/next/no-img-element
                    <img src={v.urls.thumbnail} alt="" loading="lazy" className="h-full w-full object-contain" />
                  ) : (
                    <span className="absolute inset-0 flex items-center justify-center text-sm text-neutral-500">no thumbnail</span>
                  )}
                  <span className="absolute bottom-1 right-1 rounded bg-black/75 px-1.5 text-xs text-white">
                    {formatDuration(v.durationSec)}
                  </span>
                  {v.variableFrameRate && (
                    <span className="absolute left-1 top-1" title="Variable frame rate">
                      <Badge tone="amber">VFR</Badge>
                    </span>
                  )}
                </div>
                <div className="flex flex-col gap-0.5 p-2 text-sm">
                  <span className="truncate font-medium" title={v.originalName}>
                    {v.originalName}
                  </span>
                  {(v.transcoded || sceneCuts[v.id]?.state === "FAILED" || sceneCuts[v.id]?.state === "RUNNING") && (
                    <span className="flex flex-wrap gap-1">
                      {v.transcoded && <Badge tone="blue">converted</Badge>}
                      {sceneCuts[v.id]?.state === "FAILED" && (
                        <span title={sceneCuts[v.id].error ?? undefined} data-testid="scene-cuts-failed-badge">
                          <Badge tone="red">scene cuts failed</Badge>
                        </span>
                      )}
                      {sceneCuts[v.id]?.state === "RUNNING" && <Badge tone="purple">detecting scene cuts</Badge>}
                    </span>
                  )}
                  {v.sourcePath && v.sourcePath !== v.originalName && (
                    <span className="truncate text-xs text-neutral-500" title={v.sourcePath}>
                      {v.sourcePath}
                    </span>
                  )}
                  <span className="text-xs text-neutral-600">
                    {v.width}×{v.height} · {formatFps(v.fps)} fps · {v.frameCount} frames
                  </span>
                  <span className="text-xs text-neutral-600">
                    {v.videoCodec}
                    {v.audioCodec ? ` / ${v.audioCodec}` : ""}
                    {v.transcoded && v.originalProbe ? ` (from ${v.originalProbe.videoCodec})` : ""} · {formatBytes(v.sizeBytes)}
                  </span>
                  <span className="text-xs text-neutral-500">
                    added {v.addedBy ? `by ${v.addedBy.name || v.addedBy.email} ` : ""}
                    <time dateTime={v.createdAt}>{v.createdAt.slice(0, 16).replace("T", " ")}</time>
                  </span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="flex items-center gap-3 text-sm" aria-label="Pages">
          {page > 1 && <Link href={searchHref(query, page - 1)}>← previous</Link>}
          <span>
            page {page} of {pages}
          </span>
          {page < pages && <Link href={searchHref(query, page + 1)}>next →</Link>}
        </nav>
      )}
    </section>
  );
}
