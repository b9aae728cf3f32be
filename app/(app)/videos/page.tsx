import type { Metadata } from "next";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { requireUser } from "@/lib/auth/current-user";
import { canManageVideos, seesWholeLibrary, VIDEO_VIEWER_ROLES } from "@/lib/video-library/video-access";
import { toVideoDto } from "@/lib/video-library/video-dto";
import { libraryJobs, sceneCutJobStates } from "@/lib/video-library/video-jobs";
import { listViewableVideos } from "@/lib/video-library/video-visibility";
import { LibraryJobsPanel } from "./_components/library-jobs";
import { VideoCatalogue } from "./_components/video-catalogue";

export const metadata: Metadata = { title: "Videos" };
export const dynamic = "force-dynamic";

const PAGE_SIZE = 60;

type Search = Promise<{ q?: string | string[]; page?: string | string[] }>;

function one(v: string | string[] | undefined): string {
  return (Array.isArray(v) ? v[0] : v) ?? "";
}

/** /videos — the video library (admins: every video; reviewers, annotators: the videos of their projects). */
export default async function VideosPage({ searchParams }: { searchParams: Search }) {
  const user = await requireUser(VIDEO_VIEWER_ROLES, "/videos");
  const sp = await searchParams;
  const q = one(sp.q).slice(0, 200);
  const page = Math.max(1, Number.parseInt(one(sp.page), 10) || 1);
  const { videos, total } = await listViewableVideos(user, { q, take: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE });
  const [jobStates, jobs] = await Promise.all([sceneCutJobStates(videos.map((v) => v.id)), canManageVideos(user) ? libraryJobs() : null]);
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-4 p-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">Videos</h1>
          {!seesWholeLibrary(user) && <p className="text-sm text-slate-600">The videos used by the projects you are a member of.</p>}
        </div>
        {canManageVideos(user) && (
          <Link href="/videos/upload" className={buttonClasses()}>
            Upload videos
          </Link>
        )}
      </div>
      {jobs && <LibraryJobsPanel jobs={jobs} />}
      <VideoCatalogue videos={videos.map((v) => toVideoDto(v))} sceneCuts={jobStates} total={total} query={q} page={page} pageSize={PAGE_SIZE} />
    </main>
  );
}
