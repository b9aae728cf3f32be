import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { cellText, csvText, guardFormula, isFormulaCell, stringifyCsvTexts, type CsvCell } from "./write-csv";

describe("csvText", () => {
  it("quotes only cells with a comma, quote or line break (RFC 4180), doubles quotes, ends every record", () => {
    expect(csvText([["a", "b,c", 'say "hi"', "two\nlines", "cr\rhere", ""], [1, 2.5, null, undefined, true, false]])).toBe(
      'a,"b,c","say ""hi""","two\nlines","cr\rhere",\n1,2.5,,,true,false\n',
    );
    expect(csvText([["x"], ["y"]], { eol: "\r\n" })).toBe("x\r\ny\r\n");
    expect(csvText([["a", "", 3]], { quoteAll: true })).toBe('"a","","3"\n');
    expect(csvText([[" lead", "trail ", "mid dle"]], { quoteEdgeSpace: true })).toBe('" lead","trail ",mid dle\n');
    expect(csvText([[Number.NaN, Infinity, -Infinity, 10n]])).toBe(",,,10\n");
    expect(csvText([])).toBe("");
  });

  it("guards every text cell a spreadsheet would run as a formula", () => {
    const payloads = ['=HYPERLINK("http://evil.example","x")', "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\tTAB", "\rCR", "＝1+1", "＋1", "－1", "＠x", "-", "+", "=", "-1.5.2", "--1", "-Infinity"];
    const text = csvText([payloads]);
    const [cells] = parse(text, { relax_quotes: true }) as string[][];
    expect(cells).toEqual(payloads.map((p) => `'${p}`));
    for (const c of cells) expect(isFormulaCell(c)).toBe(false);
    expect(text.startsWith(`"'=HYPERLINK(""http://evil.example"",""x"")"`)).toBe(true);
  });

  it("leaves numbers alone, typed or as text (a negative number is a value, not a formula)", () => {
    const numbers = ["-1.5", "+3", "-0", "-.5", "2e-3", "-1E+10", "0", "42", "3."];
    expect(csvText([numbers])).toBe(`${numbers.join(",")}\n`);
    expect(csvText([[-1.5, -0.25, 1e-7, -3]])).toBe("-1.5,-0.25,1e-7,-3\n");
    for (const n of numbers) expect(guardFormula(n)).toBe(n);
  });

  it("leaves ordinary text alone, including a minus or equals sign after the first character", () => {
    const cells = ["plain", "a=b", "x-y", "[0:01,0:05]", "'quoted already", " space first", "", "e-mail@example.org"];
    expect(parse(csvText([cells]))).toEqual([cells]);
  });

  it("reads back what it wrote (csv-parse), multi-line and quoted cells included", () => {
    const rows = [
      ["id", "text", "n"],
      ["1", 'he said "no", then\r\nleft', "-4"],
      ["2", "", "7.25"],
    ];
    expect(parse(csvText(rows, { eol: "\r\n" }))).toEqual(rows);
  });
});

describe("csvText's direct path for documents with nothing to quote", () => {
  it("writes exactly what csv-stringify writes, on random documents and every option", () => {
    const pieces: CsvCell[] = ["a", "b1", "", " ", "x y", " lead", "trail ", ",", '"', "\n", "\r", "\t", "=1+1", "-3", "é", 0, -1.5, 1e21, null, true, 7n];
    let x = 12345;
    const next = (k: number) => (x = (x * 1103515245 + 12345) % 2147483648) % k;
    let direct = 0;
    for (let doc = 0; doc < 3000; doc++) {
      const rows = Array.from({ length: 1 + next(4) }, () => Array.from({ length: next(4) }, () => pieces[next(doc % 2 ? 10 : pieces.length)]));
      for (const options of [{}, { eol: "\r\n" as const }, { quoteEdgeSpace: true }, { quoteAll: true }]) {
        const want = stringifyCsvTexts(rows.map((r) => r.map(cellText)), options);
        expect(csvText(rows, options)).toBe(want);
        if (!want.includes('"')) direct++;
      }
    }
    expect(direct).toBeGreaterThan(1000); // the direct path was taken, not only the general one
  });
});
