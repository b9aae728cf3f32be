import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AppNav } from "@/components/app-nav";
import { getCurrentUser } from "@/lib/auth/current-user";
import type { SessionUser } from "@/lib/auth/request-user";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Playhead", template: "%s · Playhead" },
  description: "Human evaluation and annotation for streaming-video benchmarks.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  let user: SessionUser | null = null;
  let databaseDown = false;
  try {
    user = await getCurrentUser();
  } catch {
    // The page itself will show the error; keep the shell usable.
    databaseDown = true;
  }
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <AppNav user={user} />
        {databaseDown && (
          <div role="alert" className="border-b border-red-200 bg-red-50 px-6 py-2 text-sm text-red-800">
            The database is unavailable. Try again shortly.
          </div>
        )}
        {children}
      </body>
    </html>
  );
}
