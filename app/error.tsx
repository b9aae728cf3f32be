"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** Shown when a page fails while rendering. No stack trace: the digest matches the server log. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const databaseDown = /database|ECONNREFUSED|SQLITE|P1001|Can't reach/i.test(error.message);
  return (
    <main className="mx-auto max-w-xl p-6">
      <h1 className="mb-4 text-2xl font-semibold">Something went wrong</h1>
      <Alert tone="error" title={databaseDown ? "The database is unavailable." : "This page could not be shown."}>
        {databaseDown ? "Try again shortly." : "Try again; if it keeps happening, tell an admin"}
        {error.digest ? ` (reference ${error.digest}).` : "."}
      </Alert>
      <Button className="mt-4" onClick={() => reset()}>
        Try again
      </Button>
    </main>
  );
}
