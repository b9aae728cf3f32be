/**
 * A short fingerprint of a study's item list (PURE; the admin page and the server compute the same
 * one): the items editor sends the fingerprint of the list it loaded, and the server refuses to
 * replace a list that has changed since (another tab or admin), instead of silently overwriting it.
 * Order-independent; FNV-1a over the sorted `itemId:attention` entries, two 32-bit lanes → 16 hex digits.
 */
export function itemsFingerprint(items: readonly { itemId: string; attentionCheck: boolean }[]): string {
  const text = items
    .map((i) => `${i.itemId}:${i.attentionCheck ? 1 : 0}`)
    .sort()
    .join("\n");
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c ^ (i & 0xff), 0x01000193) >>> 0;
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}
