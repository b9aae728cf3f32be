import "server-only";
import type { AuthOptions, User } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { clientIp } from "@/lib/audit/client-ip";
import { classifyError } from "@/lib/http/classify-error";
import { env } from "@/lib/config/env";
import { attemptSignIn } from "./sign-in";

/** Error codes `authorize` throws; the auth route maps them to HTTP statuses (see nextauth-handler.ts). */
export const SIGN_IN_ERROR = {
  throttled: "TooManyRequests",
  unavailable: "ServiceUnavailable",
} as const;

/**
 * next-auth v4 configuration: email + password (Credentials), JWT sessions carrying
 * `{id, role, sv}` (sv = User.sessionVersion at sign-in; getRequestUser refuses a token whose sv
 * is stale). Built per call from the validated configuration (never at import time, so a build
 * without production secrets still loads this module).
 */
export function authOptions(): AuthOptions {
  const config = env();
  return {
    secret: config.authSecret,
    useSecureCookies: config.secureCookies,
    session: { strategy: "jwt", maxAge: config.sessionMaxAgeSeconds },
    jwt: { maxAge: config.sessionMaxAgeSeconds },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
        },
        async authorize(credentials, req) {
          let result;
          try {
            result = await attemptSignIn(
              { email: credentials?.email, password: credentials?.password },
              clientIp(req?.headers as Record<string, unknown> | undefined),
            );
          } catch (error) {
            // Logged (without the credentials) by classifyError; the user sees a generic message.
            const { status } = classifyError(error);
            throw new Error(status === 503 ? SIGN_IN_ERROR.unavailable : "ServerError");
          }
          if (result.ok) {
            const { id, email, name, role, sv } = result.user;
            return { id, email, name, role, sv } as User;
          }
          if (result.reason === "throttled") throw new Error(SIGN_IN_ERROR.throttled);
          return null;
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          const u = user as User & { role: string; sv: number };
          token.id = u.id;
          token.role = u.role;
          token.sv = u.sv;
        }
        return token;
      },
      async session({ session, token }) {
        session.user = {
          ...(session.user ?? {}),
          id: token.id,
          role: token.role,
          email: token.email,
          name: token.name,
        } as typeof session.user;
        return session;
      },
    },
    logger: {
      // next-auth's own logs may carry request metadata; keep only the code and message.
      error(code, metadata) {
        const message = metadata instanceof Error ? metadata.message : (metadata as { message?: string })?.message;
        console.error(`[next-auth] ${code}${message ? `: ${message}` : ""}`);
      },
      warn(code) {
        if (config.nodeEnv === "test") return;
        if (code === "NEXTAUTH_URL") {
          console.warn("[next-auth] NEXTAUTH_URL is not set: set it to the public URL (e.g. https://playhead.example.org) in production.");
        } else console.warn(`[next-auth] warning ${code}`);
      },
      debug() {},
    },
  };
}
