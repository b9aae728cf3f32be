"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, Input, Select } from "@/components/ui/input";
import { studyApi } from "./studies-api";

/** Creates a DRAFT study in a project (the protocol defaults follow the benchmark: VCBench streams). */
export function NewStudyForm({ projects }: { projects: { id: string; name: string; benchmark: string }[] }) {
  const router = useRouter();
  const [projectId, setProjectId] = useState(projects[0]?.id ?? "");
  const [name, setName] = useState("");
  const [protocol, setProtocol] = useState<"STREAMING" | "FREE_REWATCH">(projects[0]?.benchmark === "VCBENCH" ? "STREAMING" : "FREE_REWATCH");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    const r = await studyApi<{ study: { id: string } }>("POST", "/api/studies", {
      projectId,
      name,
      protocol,
      settings: protocol === "STREAMING" ? { participantsPerVideo: 1 } : { participantsPerVideo: null },
    });
    setPending(false);
    if (!r.ok) return setError(r.message);
    router.push(`/admin/studies/${r.data.study.id}`);
  };
  return (
    <Card>
      <CardHeader title="New study" description="Items, settings and the study link come next." />
      <CardBody>
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-4 sm:items-end">
          <Field id="study-project" label="Project">
            <Select
              id="study-project"
              value={projectId}
              onChange={(e) => {
                setProjectId(e.target.value);
                const p = projects.find((x) => x.id === e.target.value);
                setProtocol(p?.benchmark === "VCBENCH" ? "STREAMING" : "FREE_REWATCH");
              }}
            >
              {projects.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.benchmark})
                </option>
              ))}
            </Select>
          </Field>
          <Field id="study-name" label="Name">
            <Input id="study-name" value={name} onChange={(e) => setName(e.target.value)} required />
          </Field>
          <Field id="study-protocol" label="Protocol">
            <Select id="study-protocol" value={protocol} onChange={(e) => setProtocol(e.target.value as "STREAMING" | "FREE_REWATCH")}>
              <option value="STREAMING">Streaming (pause at query points, no rewind)</option>
              <option value="FREE_REWATCH">Free rewatch (answers locked)</option>
            </Select>
          </Field>
          <Button type="submit" disabled={pending || !projectId || !name.trim()}>
            Create
          </Button>
        </form>
        {error && <Alert tone="error" className="mt-3">{error}</Alert>}
      </CardBody>
    </Card>
  );
}
