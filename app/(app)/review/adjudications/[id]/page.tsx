import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { requireUser } from "@/lib/auth/current-user";
import { HttpError } from "@/lib/http/http-error";
import { adjudicationPayload } from "@/lib/review/adjudication-payload";
import { REVIEW_ROLES } from "@/lib/review/review-access";
import { AdjudicationView } from "./_components/adjudication-view";

export const dynamic = "force-dynamic";

type Params = Promise<{ id: string }>;

export const metadata: Metadata = { title: "Adjudicate" };

/**
 * /review/adjudications/[id] — the adjudication view (docs/annotation/review.md "Pages"): the k
 * annotations on one synced player and timeline, the differences to step through, take / edit,
 * note, autosaved draft, Resolve; read-only for admins and once resolved.
 */
export default async function AdjudicationPage({ params }: { params: Params }) {
  const { id } = await params;
  const user = await requireUser(REVIEW_ROLES, `/review/adjudications/${encodeURIComponent(id)}`);
  let payload;
  try {
    payload = await adjudicationPayload(user, id);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) notFound();
    if (error instanceof HttpError) {
      return (
        <main className="mx-auto flex max-w-3xl flex-col gap-4 p-6">
          <Breadcrumbs trail={[{ label: "Review", href: "/review" }, { label: "Adjudication" }]} />
          <Alert tone="error" title="This adjudication cannot be opened">
            <span data-testid="adjudication-error">{error.message}</span>
          </Alert>
        </main>
      );
    }
    throw error;
  }
  return (
    <main className="mx-auto flex max-w-[1600px] flex-col gap-3 p-4">
      <Breadcrumbs trail={[{ label: "Review", href: "/review" }, { label: payload.project.name }, { label: payload.item.externalId }]} />
      <AdjudicationView key={`${payload.status}:${payload.canEdit}`} payload={payload} />
    </main>
  );
}
