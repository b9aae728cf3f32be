import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { VideoPlayer } from "@/components/video-player/video-player";
import { getCurrentUser, requireUser } from "@/lib/auth/current-user";
import { canManageVideos, canReadOriginalFile, VIDEO_VIEWER_ROLES } from "@/lib/video-library/video-access";
import { toVideoDto } from "@/lib/video-library/video-dto";
import { findViewableVideo } from "@/lib/video-library/video-visibility";
import { sceneCutsState } from "@/lib/video-library/scene-cut-jobs";
import { DeleteVideoButton } from "../_components/delete-video-button";
import { ProbeTable } from "../_components/probe-table";
import { SceneCutsStatus, type SceneCutsView } from "../_components/scene-cuts-status";

export const dynamic = "force-dynamic";

type Params = Promise<{ id: string }>;

/** The video as the signed-in user may see it, once per request (page and title); null when not. */
const viewableVideo = cache(async (id: string) => {
  const user = await getCurrentUser();
  return user ? findViewableVideo(user, id) : null;
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const video = await viewableVideo((await params).id);
  return { title: video ? `${video.originalName} · Videos` : "Not found" };
}

/**
 * /videos/[id] — the full probe and the frame-accurate player (admins; other staff: videos of their
 * projects, else 404). No poster: the first picture is frame 0, the frame the counter names.
 */
export default async function VideoPage({ params }: { params: Params }) {
  const { id } = await params;
  const user = await requireUser(VIDEO_VIEWER_ROLES, `/videos/${encodeURIComponent(id)}`);
  const row = await viewableVideo(id);
  if (!row) notFound();
  const video = toVideoDto(row, { includeOriginalUrl: canReadOriginalFile(user) });
  // Its scene cuts, queued for detection on this first use if no job stands for them.
  const cuts = row.status === "READY" ? await sceneCutsState(row, row.frameCount) : null;
  const cutsView: SceneCutsView | null =
    cuts === null ? null : cuts.status === "ready" ? { status: "ready", cuts: cuts.frames.length } : cuts.status === "failed" ? { status: "failed", error: cuts.error, job: cuts.job } : { status: "pending", job: cuts.job };
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-6 p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <Breadcrumbs trail={[{ label: "Videos", href: "/videos" }, { label: video.originalName }]} />
          <h1 className="truncate text-2xl font-semibold" title={video.originalName}>
            {video.originalName}
          </h1>
          {video.sourcePath && <p className="text-sm text-neutral-600">{video.sourcePath}</p>}
        </div>
        {canManageVideos(user) && <DeleteVideoButton videoId={video.id} name={video.originalName} />}
      </div>
      <VideoPlayer
        src={video.urls.media}
        mimeType={video.mimeType}
        ptsUrl={video.urls.pts}
        mediaTimeOffset={video.mediaTimeOffset}
        frameCount={video.frameCount}
        label={`Video player: ${video.originalName}`}
        libraryControls
      />
      {cutsView && <SceneCutsStatus view={cutsView} canRetry={user.role === "ADMIN"} />}
      <ProbeTable video={video} />
    </main>
  );
}
