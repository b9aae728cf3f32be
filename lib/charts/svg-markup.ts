/**
 * SVG markup of a React element tree (PURE): how the report turns the chart component the pages
 * show (lib/charts/bar-chart-figure.tsx) into the .svg files of its zip, byte for byte what
 * react-dom/server's renderToStaticMarkup writes for the same element (lib/charts/
 * bar-chart-figure.test.ts renders every kind of figure both ways and compares).
 *
 * Why not renderToStaticMarkup itself: the report is built in the React Server Components layer
 * (the download route, the Report tab) and by `npm run report`, which runs with the
 * `react-server` condition; there `react-dom/server` is not available ("react-dom/server is not
 * supported in React Server Components"; Next.js refuses to bundle it), so no HTML renderer
 * exists in that layer. A chart component is a pure function of its props (no state, effects or
 * context), so its markup is the tree its function components return.
 *
 * Strict: host elements, fragments, arrays, text and hook-free function components (memo and
 * forwardRef wrappers included); anything else (class components, context, suspense, lazy,
 * `style` objects, inner HTML) throws instead of being written differently from React.
 */
import { Fragment, isValidElement, type ReactElement, type ReactNode } from "react";

/** React's attribute names for camelCase SVG props (react-dom's alias table). */
const ALIASES: Record<string, string> = {
  className: "class",
  tabIndex: "tabindex",
  xlinkHref: "xlink:href",
  xlinkActuate: "xlink:actuate",
  xlinkArcrole: "xlink:arcrole",
  xlinkRole: "xlink:role",
  xlinkShow: "xlink:show",
  xlinkTitle: "xlink:title",
  xlinkType: "xlink:type",
  xmlBase: "xml:base",
  xmlLang: "xml:lang",
  xmlSpace: "xml:space",
  xmlnsXlink: "xmlns:xlink",
  acceptCharset: "accept-charset",
  htmlFor: "for",
  httpEquiv: "http-equiv",
  crossOrigin: "crossorigin",
};
const KEBAB = [
  "accentHeight", "alignmentBaseline", "arabicForm", "baselineShift", "capHeight", "clipPath", "clipRule", "colorInterpolation",
  "colorInterpolationFilters", "colorProfile", "colorRendering", "dominantBaseline", "enableBackground", "fillOpacity", "fillRule",
  "floodColor", "floodOpacity", "fontFamily", "fontSize", "fontSizeAdjust", "fontStretch", "fontStyle", "fontVariant", "fontWeight",
  "glyphName", "glyphOrientationHorizontal", "glyphOrientationVertical", "horizAdvX", "horizOriginX", "imageRendering", "letterSpacing",
  "lightingColor", "markerEnd", "markerMid", "markerStart", "maskType", "overlinePosition", "overlineThickness", "paintOrder",
  "pointerEvents", "renderingIntent", "shapeRendering", "stopColor", "stopOpacity", "strikethroughPosition", "strikethroughThickness",
  "strokeDasharray", "strokeDashoffset", "strokeLinecap", "strokeLinejoin", "strokeMiterlimit", "strokeOpacity", "strokeWidth",
  "textAnchor", "textDecoration", "textRendering", "transformOrigin", "underlinePosition", "underlineThickness", "unicodeBidi",
  "unicodeRange", "unitsPerEm", "vAlphabetic", "vHanging", "vIdeographic", "vMathematical", "vectorEffect", "vertAdvY", "vertOriginX",
  "vertOriginY", "wordSpacing", "writingMode", "xHeight",
];
for (const name of KEBAB) ALIASES[name] = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Props React never writes as attributes. */
const SKIPPED = new Set(["children", "key", "ref", "suppressContentEditableWarning", "suppressHydrationWarning", "defaultValue", "defaultChecked", "innerHTML"]);
/** HTML void elements (never in a chart; refused rather than written differently). */
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"]);
const SAFE_NAME = /^[a-zA-Z:_][a-zA-Z0-9:_.-]*$/;

const MEMO = Symbol.for("react.memo");
const FORWARD_REF = Symbol.for("react.forward_ref");

/** React's escaping of text and attribute values (XML-safe as well). */
export function escapeMarkup(text: string): string {
  return text.replace(/[&"'<>]/g, (c) => ({ "&": "&amp;", '"': "&quot;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" })[c]!);
}

function attribute(name: string, value: unknown): string {
  if (value === null || value === undefined || typeof value === "function" || typeof value === "symbol") return "";
  if (name === "style" || name === "dangerouslySetInnerHTML") throw new Error(`svg-markup: the ${name} prop is not supported`);
  if (name.length > 2 && /^on/i.test(name)) return "";
  const attr = ALIASES[name] ?? name;
  if (!SAFE_NAME.test(attr)) return "";
  if (typeof value === "boolean") {
    const prefix = attr.toLowerCase().slice(0, 5);
    if (prefix !== "data-" && prefix !== "aria-") {
      // React drops `false`, and writes `true` as an empty value for HTML's boolean attributes only.
      if (value) throw new Error(`svg-markup: the boolean ${name}={true} is not supported`);
      return "";
    }
  }
  return ` ${attr}="${escapeMarkup(String(value))}"`;
}

function render(node: ReactNode, out: string[]): void {
  if (node === null || node === undefined || typeof node === "boolean") return;
  if (typeof node === "string" || typeof node === "number" || typeof node === "bigint") {
    out.push(escapeMarkup(String(node)));
    return;
  }
  if (Array.isArray(node)) {
    for (const child of node) render(child, out);
    return;
  }
  if (!isValidElement(node)) {
    if (typeof node === "object" && Symbol.iterator in node) {
      for (const child of node as Iterable<ReactNode>) render(child, out);
      return;
    }
    throw new Error(`svg-markup: cannot render ${Object.prototype.toString.call(node)}`);
  }
  const element = node as ReactElement<Record<string, unknown>>;
  const type: unknown = element.type;
  const props = element.props;
  if (type === Fragment) return render(props.children as ReactNode, out);
  if (typeof type === "string") {
    if (VOID.has(type)) throw new Error(`svg-markup: <${type}> is not supported`);
    out.push(`<${type}`);
    for (const [name, value] of Object.entries(props)) if (!SKIPPED.has(name)) out.push(attribute(name, value));
    out.push(">");
    render(props.children as ReactNode, out);
    out.push(`</${type}>`);
    return;
  }
  if (typeof type === "function") {
    if ((type as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent) throw new Error("svg-markup: class components are not supported");
    return render((type as (p: unknown) => ReactNode)(props), out);
  }
  if (type && typeof type === "object") {
    const wrapper = type as { $$typeof?: symbol; type?: unknown; render?: (p: unknown, ref: unknown) => ReactNode };
    if (wrapper.$$typeof === MEMO) return render({ ...element, type: wrapper.type } as ReactElement, out);
    if (wrapper.$$typeof === FORWARD_REF && wrapper.render) return render(wrapper.render(props, null), out);
  }
  throw new Error(`svg-markup: cannot render an element of type ${String((type as { $$typeof?: symbol })?.$$typeof ?? type)}`);
}

/** The markup of an element tree, as renderToStaticMarkup writes it. */
export function svgMarkup(node: ReactNode): string {
  const out: string[] = [];
  render(node, out);
  return out.join("");
}
