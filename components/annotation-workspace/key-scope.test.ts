import { describe, expect, it } from "vitest";
import { activatesOnSpace, claimedByWidget, keptByFocusedControl } from "./key-scope";

const el = (tagName: string, attrs: Record<string, string> = {}, scopeKeys: string | null = null) => ({
  tagName,
  type: attrs.type,
  getAttribute: (n: string) => attrs[n] ?? null,
  closest: () => (scopeKeys === null ? null : { getAttribute: () => scopeKeys }),
});

describe("key scope", () => {
  it("leaves Space to buttons, links, checkboxes and ARIA controls, not to a region or the body", () => {
    expect(activatesOnSpace(el("BUTTON"))).toBe(true);
    expect(activatesOnSpace(el("INPUT", { type: "checkbox" }))).toBe(true);
    expect(activatesOnSpace(el("DIV", { role: "radio" }))).toBe(true);
    expect(activatesOnSpace(el("DIV", { role: "region" }))).toBe(false);
    expect(activatesOnSpace(el("BODY"))).toBe(false);
    expect(activatesOnSpace(null)).toBe(false);
  });

  it("a focused control of the player / timeline chrome keeps Enter but never Space (the registry's play / pause)", () => {
    const chrome = (tag: string) => ({ tagName: tag, getAttribute: () => null, closest: (sel: string) => (sel === "[data-shortcut-chrome]" ? { getAttribute: () => "" } : null) });
    expect(keptByFocusedControl(chrome("BUTTON"), "Space")).toBe(false);
    expect(keptByFocusedControl(chrome("BUTTON"), "Enter")).toBe(true);
    expect(keptByFocusedControl(el("BUTTON"), "Space")).toBe(true);
    expect(keptByFocusedControl(el("BUTTON"), "m")).toBe(false);
    expect(keptByFocusedControl(el("DIV"), "Space")).toBe(false);
  });

  it("leaves a key to the focused widget that declares it in aria-keyshortcuts, only that key", () => {
    const inList = el("LI", {}, "ArrowDown ArrowUp Enter c p n");
    expect(claimedByWidget(inList, "n")).toBe(true);
    expect(claimedByWidget(inList, "ArrowUp")).toBe(true);
    expect(claimedByWidget(inList, "ArrowRight")).toBe(false);
    expect(claimedByWidget(inList, "m")).toBe(false);
    expect(claimedByWidget(el("DIV", {}, "Shift+ArrowLeft"), "Shift+ArrowLeft")).toBe(true);
    expect(claimedByWidget(el("DIV"), "n")).toBe(false);
  });
});
