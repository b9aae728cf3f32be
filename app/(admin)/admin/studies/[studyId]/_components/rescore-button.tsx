"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { studyApi } from "../../_components/studies-api";

/** Re-scores every finished session and the human leaderboard row (after truth edits). */
export function RescoreButton({ studyId }: { studyId: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        await studyApi("POST", `/api/studies/${studyId}/rescore`);
        setPending(false);
        router.refresh();
      }}
    >
      {pending ? "Scoring…" : "Re-score"}
    </Button>
  );
}
