import { Alert } from "@/components/ui/alert";
import { STAFF_NOT_ALLOWED_MESSAGE } from "@/lib/protocol/participant-roles";

/** What a signed-in staff account sees on a study's participant pages (the staff rule, docs/access.md). */
export function StaffNotAllowed() {
  return (
    <main className="mx-auto max-w-3xl space-y-6 p-6">
      <h1 className="text-2xl font-semibold">Study</h1>
      <Alert tone="warning" title="Staff accounts cannot take part">
        <span data-testid="staff-not-allowed">{STAFF_NOT_ALLOWED_MESSAGE}</span>
      </Alert>
    </main>
  );
}
