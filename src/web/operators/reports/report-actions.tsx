import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { operatorScreenText as t } from '../../../common/operator-messages';
import { operatorPaths } from '../../../common/operator-paths';
import { operatorKeys, runReportAction, type ReportAction } from '../api/operator-api';
import type { OperatorReportDetail } from '../../../common/operator.schema';
import { ReasonDialog } from './reason-dialog';

type ActionSpec = { label: string; busy: string; lead: string; tone: 'danger' | 'primary'; button: string; reasonRequired: boolean };

const ACTIONS: Record<ReportAction, ActionSpec> = {
  hide: { label: t.hide, busy: t.hiding, lead: t.hideLead, tone: 'danger', button: 'button--danger', reasonRequired: true },
  restore: { label: t.restore, busy: t.restoring, lead: t.restoreLead, tone: 'primary', button: 'button--primary', reasonRequired: true },
  redact: { label: t.redact, busy: t.redacting, lead: t.redactLead, tone: 'primary', button: 'button--secondary', reasonRequired: false },
  dismiss_flags: { label: t.dismiss, busy: t.dismissing, lead: t.dismissLead, tone: 'primary', button: 'button--secondary', reasonRequired: true },
  delete: { label: t.remove, busy: t.removing, lead: t.removeLead, tone: 'danger', button: 'button--danger-outline', reasonRequired: true },
};

/**
 * Which actions the server takes for the report as it is now: redaction needs the original, a
 * public report and the reporter's wish to publish (restoring a hidden one redacts again anyway).
 */
function availableActions({ report, flags }: OperatorReportDetail): ReportAction[] {
  const openFlags = flags.some((flag) => flag.resolved_at === null);
  const canRedact = report.has_original && report.publish_screenshot && !report.hidden_at;
  return [
    report.hidden_at ? 'restore' : 'hide',
    ...(canRedact ? (['redact'] as const) : []),
    ...(openFlags && !report.hidden_at ? (['dismiss_flags'] as const) : []),
    'delete',
  ];
}

type ReportActionsProps = { detail: OperatorReportDetail; onDone: (message: string) => void };

export function ReportActions({ detail, onDone }: ReportActionsProps) {
  const [open, setOpen] = useState<ReportAction | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const reportId = detail.report.report_id;
  const spec = open ? ACTIONS[open] : null;

  const finish = async (action: ReportAction) => {
    setOpen(null);
    const message = t.actionDone[action];
    if (action === 'delete') {
      queryClient.removeQueries({ queryKey: operatorKeys.report(reportId) });
      await queryClient.invalidateQueries({ queryKey: operatorKeys.all });
      void navigate(operatorPaths.reports, { state: { notice: message } });
      return;
    }
    await queryClient.invalidateQueries({ queryKey: operatorKeys.all });
    onDone(message);
  };

  return (
    <>
      <div className="op-actions">
        {availableActions(detail).map((action) => (
          <button key={action} type="button" className={`button ${ACTIONS[action].button}`} onClick={() => setOpen(action)}>
            {ACTIONS[action].label}
          </button>
        ))}
      </div>
      {open && spec && (
        <ReasonDialog
          title={spec.label}
          lead={spec.lead}
          confirmLabel={spec.label}
          busyLabel={spec.busy}
          tone={spec.tone}
          reasonRequired={spec.reasonRequired}
          action={(reason) => runReportAction(reportId, open, reason)}
          onDone={() => void finish(open)}
          onCancel={() => setOpen(null)}
        />
      )}
    </>
  );
}
