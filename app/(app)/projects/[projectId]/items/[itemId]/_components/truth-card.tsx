import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { ItemForViewer } from "@/lib/projects/item-queries";
import { JsonBlock } from "../../../../_components/json-block";

/**
 * The item's ground truth (rendered only for items read with their truth: admins and reviewer
 * members). The version shown is the project's truth version — the one number the overview, the
 * runs and the leaderboard show — as of which this is the current truth.
 */
export function TruthCard({ truth, projectTruthVersion }: { truth: ItemForViewer["truth"]; projectTruthVersion: number }) {
  return (
    <Card data-testid="item-truth">
      <CardHeader title="Ground truth" description={<>Current at the project&apos;s truth version <span data-testid="item-truth-version">{projectTruthVersion}</span>. Visible to admins and reviewers only.</>} />
      <CardBody className="flex flex-col gap-3">
        {truth ? (
          <>
            <div>
              <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Answer</h3>
              <JsonBlock value={truth.answer} label="Truth answer" />
            </div>
            <details>
              <summary className="cursor-pointer text-sm text-slate-700">Native annotation (source)</summary>
              <JsonBlock value={truth.source} label="Truth source" />
            </details>
          </>
        ) : (
          <p className="text-sm text-slate-500">No truth recorded.</p>
        )}
      </CardBody>
    </Card>
  );
}
