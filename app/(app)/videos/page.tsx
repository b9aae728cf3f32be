import Link from "next/link";
import { requireUser } from "@/lib/auth/current-user";
import { canManageVideos, VIDEO_VIEWER_ROLES } from "@/lib/video-library/video-access";
import { toVideoDto } from "@/lib/video-library/video-dto";
import { listVideos } from "@/lib/video-library/video-queries";
import { VideoCatalogue } from "./_components/video-catalogue";
import { buttonClasses } from "@/components/ui/button";

export const dynamic = "force-dynamic";

const PAGE_SIZE = 60;

type Search = Promise<{ q?: string | string[]; page?: string | string[] }>;

function one(v: string | string[] | undefined): string {
  return (Array.isArray(v) ? v[0] : v) ?? "";
}

/** /videos — the video library (admin, reviewer, annotator). */
export default async function VideosPage({ searchParams }: { searchParams: Search }) {
  const user = await requireUser(VIDEO_VIEWER_ROLES, "/videos");
  const sp = await searchParams;
  const q = one(sp.q).slice(0, 200);
  const page = Math.max(1, Number.parseInt(one(sp.page), 10) || 1);
  const { videos, total } = await listVideos({ q, take: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE });
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-4 p-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Videos</h1>
        {canManageVideos(user) && (
          <Link href="/videos/upload" className={buttonClasses()}>
            Upload videos
          </Link>
        )}
      </div>
      <VideoCatalogue
        videos={videos.map((v) => toVideoDto(v))}
        total={total}
        query={q}
        page={page}
        pageSize={PAGE_SIZE}
      />
    </main>
  );
}
