import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

export default function NotFound() {
  return (
    <main className="mx-auto max-w-xl p-6">
      <h1 className="mb-2 text-2xl font-semibold">Not found</h1>
      <p className="mb-4 text-slate-600">There is nothing at this address, or it was removed.</p>
      <Link href="/" className={buttonClasses("secondary")}>
        Back to the dashboard
      </Link>
    </main>
  );
}
