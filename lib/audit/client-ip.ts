/**
 * The client's address: the first hop of `X-Forwarded-For` (Next.js's server fills that header
 * from the socket when the request carries none; a reverse proxy in front should set it), else
 * `X-Real-IP`, else "" (unknown). Accepts Headers or a plain header record (next-auth passes one).
 */
export function clientIp(headers: Headers | Record<string, unknown> | undefined | null): string {
  const get = (name: string): string => {
    if (!headers) return "";
    if (headers instanceof Headers) return headers.get(name) ?? "";
    const value = headers[name] ?? headers[name.toLowerCase()];
    return Array.isArray(value) ? String(value[0] ?? "") : typeof value === "string" ? value : "";
  };
  const first = get("x-forwarded-for").split(",")[0]?.trim() || get("x-real-ip").trim();
  // Normalise IPv4-mapped IPv6 ("::ffff:10.0.0.1") and bound the length (it is stored).
  return first.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1").slice(0, 100);
}
