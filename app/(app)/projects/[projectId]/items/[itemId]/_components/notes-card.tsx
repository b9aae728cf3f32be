import { Card, CardBody, CardHeader } from "@/components/ui/card";

/** Staff notes on the item (read only for viewers who may see truth). */
export function NotesCard({ notes }: { notes: string }) {
  return (
    <Card>
      <CardHeader title="Notes" />
      <CardBody>
        <p className="whitespace-pre-wrap text-sm">{notes}</p>
      </CardBody>
    </Card>
  );
}
