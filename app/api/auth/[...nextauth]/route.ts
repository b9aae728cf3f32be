import type { NextRequest } from "next/server";
import { handleNextAuth } from "@/lib/auth/nextauth-handler";

type Context = { params: Promise<{ nextauth: string[] }> };

/**
 * next-auth's endpoints (csrf, session, providers, signout, callback/credentials, ...).
 * POST callback/credentials is throttled: 429 JSON with Retry-After after 10 failures per
 * account or address within a minute (lib/auth/nextauth-handler.ts).
 */
export async function GET(request: NextRequest, context: Context): Promise<Response> {
  return handleNextAuth(request, (await context.params).nextauth ?? []);
}

export async function POST(request: NextRequest, context: Context): Promise<Response> {
  return handleNextAuth(request, (await context.params).nextauth ?? []);
}
