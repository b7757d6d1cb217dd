import { useMutation } from '@tanstack/react-query';
import { downloadPeopleCsv, saveBlob } from './people-api';
import { apiErrorMessage } from '../../lib/api-error-message';

type ExportButtonProps = {
  disabled: boolean;
  onError: (message: string | null) => void;
  /** The export to fetch; the people list by default (the campaign page passes its own). */
  download?: () => Promise<{ blob: Blob; fileName: string }>;
};

/** A CSV export (GET /api/users/export by default) as a file download (UTF-8 with BOM, so Excel opens it as it is). */
export function ExportButton({ disabled, onError, download = downloadPeopleCsv }: ExportButtonProps) {
  const mutation = useMutation({
    mutationFn: download,
    onMutate: () => onError(null),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (error) => onError(apiErrorMessage(error, 'CSVファイルを作成できませんでした。時間をおいて再度お試しください。')),
  });
  return (
    <button type="button" className="button button--secondary" onClick={() => mutation.mutate()} disabled={disabled || mutation.isPending} aria-busy={mutation.isPending || undefined}>
      {mutation.isPending ? '書き出し中...' : 'CSVに書き出す'}
    </button>
  );
}
