"use client";

import { useEffect } from "react";
import { buttonClasses } from "@/components/ui/button";

/** Sends the participant back to their recruitment platform after a few seconds (or at once on click). */
export function CompletionRedirect({ url }: { url: string }) {
  useEffect(() => {
    const t = setTimeout(() => window.location.assign(url), 5000);
    return () => clearTimeout(t);
  }, [url]);
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">You will be sent back in a few seconds.</p>
      <a className={buttonClasses()} href={url} data-testid="completion-redirect">
        Return now
      </a>
    </div>
  );
}
