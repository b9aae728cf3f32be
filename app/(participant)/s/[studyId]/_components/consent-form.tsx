"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { busyMessage, retryWhileBusy } from "@/lib/http/retry-while-busy";

/** Consent text and the "I agree" button (POST /api/studies/[studyId]/consent, then the first session). */
export function ConsentForm({ studyId, consentText, timeLimitMinutes }: { studyId: string; consentText: string; timeLimitMinutes: number | null }) {
  const router = useRouter();
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** While consent is tried again (busy front end, or no connection): what the participant is told. */
  const [waiting, setWaiting] = useState<string | null>(null);
  const checkbox = useRef<HTMLInputElement>(null);
  // A box ticked before the page hydrated changed the DOM but not this state: adopt it.
  useEffect(() => {
    if (checkbox.current?.checked) setAgreed(true);
  }, []);
  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      // Consent is idempotent (a repeat answers with the same session): a launch's busy front end
      // (502/503/504) or a dropped connection is waited out, saying which, instead of shown as an error.
      const res = await retryWhileBusy(() => fetch(`/api/studies/${encodeURIComponent(studyId)}/consent`, { method: "POST", credentials: "same-origin" }), {
        onRetry: (_retry, _delay, reason) => setWaiting(busyMessage(reason)),
      });
      const body = await res.json().catch(() => null);
      if (!res.ok) throw new Error(body?.error?.message ?? `HTTP ${res.status}`);
      if (body.sessionId) router.push(`/s/${studyId}/session/${body.sessionId}`);
      else router.refresh();
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
    setWaiting(null);
  };
  return (
    <Card>
      <CardHeader title="Consent" description={timeLimitMinutes ? `You will have ${timeLimitMinutes} minutes once you agree.` : undefined} />
      <CardBody className="space-y-3">
        <div className="max-h-80 overflow-y-auto whitespace-pre-wrap rounded border border-slate-200 p-3 text-sm" data-testid="consent-text">
          {consentText || "By continuing you agree to take part in this study."}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input ref={checkbox} type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} data-testid="consent-checkbox" />I have read the text above and agree to take part.
        </label>
        {error && <Alert tone="error">{error}</Alert>}
        {busy && waiting && (
          <p className="text-sm text-slate-600" role="status" data-testid="consent-waiting">
            {waiting}
          </p>
        )}
        <Button disabled={!agreed || busy} onClick={accept} data-testid="consent-accept">
          {busy ? "Starting…" : "I agree, start"}
        </Button>
      </CardBody>
    </Card>
  );
}
