"use client";

import { DndContext, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import type { MatchLink } from "@/lib/judging/auto-match";

/** Colours of linked pairs (cycled), so a pair reads across the two columns. */
const PAIR_COLOURS = ["bg-emerald-100 border-emerald-400", "bg-sky-100 border-sky-400", "bg-amber-100 border-amber-400", "bg-fuchsia-100 border-fuchsia-400", "bg-lime-100 border-lime-400", "bg-rose-100 border-rose-400"];

/**
 * Predicted items | true items. Link a pair by clicking a predicted item then a true item, or by
 * dragging a predicted item onto a true item; clicking a linked predicted item's "unlink" removes it.
 */
export function MatchColumns({
  predicted,
  truth,
  links,
  selected,
  onSelect,
  onLink,
  onUnlink,
}: {
  predicted: readonly string[];
  truth: readonly string[];
  links: readonly MatchLink[];
  selected: number | null;
  onSelect: (pred: number | null) => void;
  onLink: (pred: number, truth: number) => void;
  onUnlink: (pred: number) => void;
}) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const pairOfPred = new Map(links.map((l, i) => [l.pred, { truth: l.truth, colour: PAIR_COLOURS[i % PAIR_COLOURS.length], n: i + 1 }]));
  const pairOfTruth = new Map(links.map((l, i) => [l.truth, { pred: l.pred, colour: PAIR_COLOURS[i % PAIR_COLOURS.length], n: i + 1 }]));
  function onDragEnd(e: DragEndEvent) {
    const pred = Number(String(e.active.id).slice("pred-".length));
    if (e.over) onLink(pred, Number(String(e.over.id).slice("truth-".length)));
  }
  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      <div className="grid grid-cols-2 gap-4">
        <div>
          <h2 className="mb-1 text-sm font-semibold">Predicted items</h2>
          <ul className="flex flex-col gap-1" data-testid="predicted-items">
            {predicted.map((text, i) => (
              <PredItem key={i} index={i} text={text} pair={pairOfPred.get(i)} selected={selected === i} onClick={() => onSelect(selected === i ? null : i)} onUnlink={() => onUnlink(i)} />
            ))}
          </ul>
        </div>
        <div>
          <h2 className="mb-1 text-sm font-semibold">True items</h2>
          <ul className="flex flex-col gap-1" data-testid="true-items">
            {truth.map((text, j) => (
              <TruthItem key={j} index={j} text={text} pair={pairOfTruth.get(j)} armed={selected !== null} onClick={() => selected !== null && onLink(selected, j)} />
            ))}
          </ul>
        </div>
      </div>
    </DndContext>
  );
}

function PredItem({ index, text, pair, selected, onClick, onUnlink }: { index: number; text: string; pair?: { truth: number; colour: string; n: number }; selected: boolean; onClick: () => void; onUnlink: () => void }) {
  const { attributes, listeners, setNodeRef, transform } = useDraggable({ id: `pred-${index}` });
  const style = transform ? { transform: `translate(${transform.x}px, ${transform.y}px)` } : undefined;
  return (
    <li className="flex items-center gap-1">
      <button
        ref={setNodeRef}
        type="button"
        style={style}
        {...listeners}
        {...attributes}
        data-pred={index}
        aria-pressed={selected}
        onClick={onClick}
        className={`flex-1 rounded border px-2 py-1 text-left ${pair ? pair.colour : "border-slate-300 bg-white"} ${selected ? "ring-2 ring-blue-600" : ""}`}
      >
        {pair ? <span className="mr-1 font-mono text-xs">#{pair.n}</span> : null}
        {text}
      </button>
      {pair ? (
        <button type="button" className="rounded border border-slate-300 px-1 text-xs" onClick={onUnlink} aria-label={`Unlink ${text}`}>
          unlink
        </button>
      ) : null}
    </li>
  );
}

function TruthItem({ index, text, pair, armed, onClick }: { index: number; text: string; pair?: { pred: number; colour: string; n: number }; armed: boolean; onClick: () => void }) {
  const { setNodeRef, isOver } = useDroppable({ id: `truth-${index}` });
  return (
    <li>
      <button
        ref={setNodeRef}
        type="button"
        data-truth={index}
        onClick={onClick}
        className={`w-full rounded border px-2 py-1 text-left ${pair ? pair.colour : "border-slate-300 bg-white"} ${isOver || armed ? "outline outline-1 outline-blue-400" : ""}`}
      >
        {pair ? <span className="mr-1 font-mono text-xs">#{pair.n}</span> : null}
        {text}
      </button>
    </li>
  );
}
