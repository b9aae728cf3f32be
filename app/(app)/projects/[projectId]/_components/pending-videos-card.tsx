import Link from "next/link";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { ProjectOverview } from "@/lib/projects/project-queries";

/** Video references of the project's items that are not in the library yet. */
export function PendingVideosCard({ overview, isAdmin }: { overview: ProjectOverview; isAdmin: boolean }) {
  return (
    <Card className="lg:col-span-2">
      <CardHeader title="Pending videos" description="Referenced by items but not in the video library yet. Items attach by file name when the video arrives." />
      <CardBody className="p-0">
        <Table aria-label="Pending videos">
          <THead>
            <Tr>
              <Th>Video reference</Th>
              <Th className="text-right">Items</Th>
            </Tr>
          </THead>
          <TBody>
            {overview.pendingVideos.length === 0 && <EmptyRow colSpan={2}>Every item has its video.</EmptyRow>}
            {overview.pendingVideos.map((v) => (
              <Tr key={v.videoRef}>
                <Td className="font-mono text-xs">{v.videoRef}</Td>
                <Td className="text-right font-mono">{v.items}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
        {overview.videos.pending > overview.pendingVideos.length && (
          <p className="px-4 py-2 text-xs text-slate-500">… and {overview.videos.pending - overview.pendingVideos.length} more references.</p>
        )}
        {isAdmin && overview.videos.pending > 0 && (
          <p className="px-4 py-2 text-sm">
            <Link href="/videos/upload" className="text-blue-700 hover:underline">
              Upload videos
            </Link>
          </p>
        )}
      </CardBody>
    </Card>
  );
}
