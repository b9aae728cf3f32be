import Link from "next/link";
import { notFound } from "next/navigation";
import { VideoPlayer } from "@/components/video-player/video-player";
import { requireUser } from "@/lib/auth/current-user";
import { canManageVideos, canReadOriginalFile, canViewVideo, VIDEO_VIEWER_ROLES } from "@/lib/video-library/video-access";
import { toVideoDto } from "@/lib/video-library/video-dto";
import { findVideo } from "@/lib/video-library/video-queries";
import { DeleteVideoButton } from "../_components/delete-video-button";
import { ProbeTable } from "../_components/probe-table";

export const dynamic = "force-dynamic";

/** /videos/[id] — the full probe and the frame-accurate player. */
export default async function VideoPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireUser(VIDEO_VIEWER_ROLES, `/videos/${encodeURIComponent(id)}`);
  const row = await findVideo(id);
  if (!row || !canViewVideo(user, row)) notFound();
  const video = toVideoDto(row, { includeOriginalUrl: canReadOriginalFile(user) });
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-6 p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <Link href="/videos" className="text-sm text-blue-700 hover:underline">
            ← Videos
          </Link>
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
        poster={video.urls.thumbnail}
      />
      <ProbeTable video={video} />
    </main>
  );
}
