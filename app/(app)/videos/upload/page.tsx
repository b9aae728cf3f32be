import type { Metadata } from "next";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { requireUser } from "@/lib/auth/current-user";
import { env } from "@/lib/config/env";
import { VIDEO_MANAGER_ROLES } from "@/lib/video-library/video-access";
import { UploadForm } from "../_components/upload-form";

export const metadata: Metadata = { title: "Upload videos · Videos" };
export const dynamic = "force-dynamic";

/** /videos/upload — admin only. Large trees are better imported with `npm run videos:import`. */
export default async function UploadVideosPage() {
  await requireUser(VIDEO_MANAGER_ROLES, "/videos/upload");
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-4 p-6">
      <Breadcrumbs trail={[{ label: "Videos", href: "/videos" }, { label: "Upload" }]} />
      <h1 className="text-2xl font-semibold">Upload videos</h1>
      <p className="text-sm text-neutral-600">
        Each file is checked, probed frame by frame and, when browsers cannot play it as is, converted to H.264 MP4
        (the original is kept). A file already in the library is not stored twice. For whole directory trees use{" "}
        <code className="rounded bg-neutral-100 px-1">npm run videos:import -- &lt;dir&gt;</code> on the server.
      </p>
      <UploadForm maxBytes={env().maxUploadBytes} />
    </main>
  );
}
