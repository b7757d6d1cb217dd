import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { operatorScreenText as t } from '../../../common/operator-messages';
import { AlertBox } from '../../components/alert-box';
import { Spinner } from '../../components/spinner';
import { fetchOriginal, operatorKeys } from '../api/operator-api';

/** An object URL for a blob, revoked when the blob changes or the screen goes. */
function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return url;
}

/**
 * The private original: fetched with the operator's bearer header and shown through an object
 * URL, so no <img> ever points at the API (the token never goes into a URL, nothing is cached).
 */
export function OriginalScreenshot({ reportId }: { reportId: string }) {
  const query = useQuery({
    queryKey: operatorKeys.original(reportId),
    queryFn: ({ signal }) => fetchOriginal(reportId, signal),
    staleTime: Infinity,
    gcTime: 0,
  });
  const url = useObjectUrl(query.data);
  if (query.isPending) return <Spinner label="画像を読み込み中..." />;
  if (query.isError) return <AlertBox tone="error">{t.originalFailed}</AlertBox>;
  if (!url) return <p className="op-muted">{t.originalMissing}</p>;
  return (
    <a className="op-shot" href={url} target="_blank" rel="noopener noreferrer">
      <img className="op-shot__image" src={url} alt={t.originalAlt} data-testid="original-screenshot" />
      <span className="op-shot__hint">新しいタブで原寸表示</span>
    </a>
  );
}
