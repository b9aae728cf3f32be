import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { AppNav } from "@/components/app-nav";
import { getCurrentUser } from "@/lib/auth/current-user";
import type { SessionUser } from "@/lib/auth/request-user";
import "./globals.css";

// Pages set `title` to what they show ("Leaderboard · <project>"); the template appends the app name.
// Icons, manifest and robots.txt are static files in public/ (README "Public assets").
export const metadata: Metadata = {
  title: { default: "Playhead", template: "%s · Playhead" },
  description: "Human evaluation and annotation for streaming-video benchmarks.",
  applicationName: "Playhead",
  icons: {
    icon: [
      { url: "/favicon.ico", sizes: "16x16 32x32 48x48" },
      { url: "/icon.svg", type: "image/svg+xml" },
    ],
  },
  manifest: "/manifest.webmanifest",
  // A private lab tool: no page (participant links included) belongs in a search engine.
  robots: { index: false, follow: false },
};

export const viewport: Viewport = { themeColor: "#2563eb" };

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
