import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PLATFORM_LABELS, studyLinks } from "@/lib/studies/study-links";
import { missingCompletion, type StudySettings } from "@/lib/protocol/study-settings";
import { CopyField } from "./copy-field";
import { StudyStatusControls } from "./study-status-controls";

/** Opening/closing, and the study's full links (account holders, and each recruitment platform's with its placeholders). */
export function StudyLinkCard({
  study,
  origin,
}: {
  study: { id: string; status: string; protocol: string; settings: StudySettings };
  origin: string;
}) {
  const links = studyLinks(origin, study.id, study.settings.crowdPlatforms);
  const missing = missingCompletion(study.settings);
  return (
    <Card>
      <CardHeader title="Status and study link" />
      <CardBody className="space-y-3 text-sm">
        <StudyStatusControls studyId={study.id} status={study.status} protocol={study.protocol} />
        {links.map((l) => (
          <div key={l.key} className="space-y-1">
            <p>
              <span className="font-medium">{l.label}</span> <span className="text-slate-600">· {l.note}</span>
            </p>
            <CopyField id={`study-link-${l.key}`} label={`${l.label} study link`} value={l.url} />
          </div>
        ))}
        {study.settings.crowdPlatforms.length === 0 && (
          <p className="text-slate-600">Recruiting on Prolific or MTurk? Tick the platform under Settings → Recruitment platforms for its link.</p>
        )}
        {missing && (
          <Alert tone="warning" title="No completion code or completion URL">
            {study.settings.crowdPlatforms.map((p) => PLATFORM_LABELS[p]).join(" and ")} workers finish on a page with nothing to report back. Set a completion code or a completion URL in
            Settings before opening.
          </Alert>
        )}
      </CardBody>
    </Card>
  );
}
