import { NextResponse, type NextRequest } from "next/server";

/**
 * Records the requested page path in a request header (`x-playhead-path`) so that server
 * components can send signed-out visitors to `/sign-in?callbackUrl=<that page>`
 * (lib/auth/current-user.ts). No authentication happens here: every page and route checks the
 * session itself.
 */
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set("x-playhead-path", `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Pages only: not API routes, Next's assets or files with an extension.
  matcher: ["/((?!api/|_next/|favicon.ico|.*\\.[A-Za-z0-9]+$).*)"],
};
