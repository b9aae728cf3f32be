import { Alert } from "@/components/ui/alert";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";

/** A judge page that cannot open (wrong benchmark, chance run): the reason, with a way back. */
export function JudgePageError({ message }: { message: string }) {
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-4 p-6">
      <Breadcrumbs trail={[{ label: "Judge queues", href: "/review/judge" }, { label: "Run" }]} />
      <Alert tone="error" title="This queue cannot be opened">
        {message}
      </Alert>
    </main>
  );
}
