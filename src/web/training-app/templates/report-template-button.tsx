import { useMutation } from '@tanstack/react-query';
import { useResolvedAuthState } from '../../auth/auth-store';
import { AlertBox } from '../../components/alert-box';
import { templateFromReport } from './templates-api';
import { apiErrorMessage } from '../../lib/api-error-message';

/**
 * On a Kizuki DB report, for a signed-in company administrator: a draft training template from the
 * report's subject and body (links become {{url}}), opened in the editor for the red flags.
 * Loaded lazily by the public report page, only when a sign-in token is stored.
 */
export default function ReportTemplateButton({ reportId }: { reportId: string }) {
  const auth = useResolvedAuthState();
  const create = useMutation({
    mutationFn: () => templateFromReport(reportId),
    onSuccess: (template) => window.location.assign(`/templates/${template.template_id}/edit`),
  });
  if (auth.status !== 'signed-in' || !auth.tenant || auth.user?.role !== 'admin') return null;

  return (
    <div className="report-to-template">
      <button type="button" className="button button--secondary" onClick={() => create.mutate()} disabled={create.isPending || create.isSuccess}>
        {create.isPending || create.isSuccess ? '作成中...' : 'この報告から訓練テンプレートを作成'}
      </button>
      <p className="report-to-template__note">件名と本文をもとに自社用のテンプレートを作成します。リンクは訓練用リンクに、アドレスや電話番号は仮の値に置き換わります。</p>
      {create.isError && (
        <AlertBox tone="error">
          <p>{apiErrorMessage(create.error, 'テンプレートを作成できませんでした。時間をおいて再度お試しください。')}</p>
        </AlertBox>
      )}
    </div>
  );
}
