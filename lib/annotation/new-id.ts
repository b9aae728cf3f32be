/** Client-generated ids for marks, spans, identities and query points (PURE; unique within `taken`). */
export function newId(prefix: string, taken: Iterable<{ id: string }> = []): string {
  const used = new Set<string>();
  for (const x of taken) used.add(x.id);
  for (;;) {
    const rnd = typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID().slice(0, 8) : Math.random().toString(36).slice(2, 10);
    const id = `${prefix}-${rnd}`;
    if (!used.has(id)) return id;
  }
}
