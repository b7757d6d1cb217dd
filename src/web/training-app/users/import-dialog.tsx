import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { PEOPLE_IMPORT_MAX_BYTES, PEOPLE_IMPORT_MAX_ROWS, type ImportResult } from '../../../common/people.schema';
import { AlertBox } from '../../components/alert-box';
import { Dialog } from '../../components/dialog';
import { dashboardKey } from '../dashboard/dashboard-api';
import { ImportPreview } from './import-preview';
import { importPeople, peopleKeys } from './people-api';
import { apiErrorMessage } from '../../lib/api-error-message';

type Step = { kind: 'choose' } | { kind: 'preview'; file: File; result: ImportResult } | { kind: 'done'; result: ImportResult };

const MAX_MB = PEOPLE_IMPORT_MAX_BYTES / 1024 / 1024;

/** CSV import: choose a file → a dry run lists every row as new, updated or error → 取り込む. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  // Each step replaces the dialog's content: focus its heading so a screen reader starts there.
  useEffect(() => {
    if (step.kind !== 'choose') titleRef.current?.focus();
  }, [step.kind]);

  // A new failure takes focus so it is read out at once.
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const showFailure = (message: string) => setFailure(message);

  const check = useMutation({
    mutationFn: (chosen: File) => importPeople(chosen, true),
    onSuccess: (result, chosen) => setStep({ kind: 'preview', file: chosen, result }),
    onError: (error) => showFailure(apiErrorMessage(error, 'ファイルを確認できませんでした。時間をおいて再度お試しください。')),
  });
  const apply = useMutation({
    mutationFn: (chosen: File) => importPeople(chosen, false),
    onSuccess: async (result) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: peopleKeys.all }), queryClient.invalidateQueries({ queryKey: dashboardKey })]);
      setStep({ kind: 'done', result });
    },
    onError: (error) => showFailure(apiErrorMessage(error, '取り込みに失敗しました。時間をおいて再度お試しください。')),
  });
  const busy = check.isPending || apply.isPending;

  const startCheck = () => {
    setFailure(null);
    if (!file) {
      showFailure('取り込むCSVファイルを選んでください。');
      return;
    }
    if (file.size > PEOPLE_IMPORT_MAX_BYTES) {
      showFailure(`ファイルが大きすぎます。${MAX_MB}MB以下のCSVファイルを選んでください。`);
      return;
    }
    check.mutate(file);
  };

  const chooseAgain = () => {
    setFailure(null);
    setFile(null);
    setStep({ kind: 'choose' });
    window.setTimeout(() => fileRef.current?.focus(), 0);
  };

  // Over the plan's cap the server refuses the whole file; say so before the button is pressed.
  const applicable = step.kind === 'preview' && !step.result.limit_message ? step.result.summary.new + step.result.summary.updated : 0;

  return (
    <Dialog labelledBy={`${id}-title`} onClose={onClose} preventClose={busy} className="import-dialog">
      <h2 id={`${id}-title`} ref={titleRef} tabIndex={-1} className="dialog__title">
        {step.kind === 'choose' ? 'CSVファイルから取り込む' : step.kind === 'preview' ? '取り込む内容の確認' : '取り込みが完了しました'}
      </h2>
      {failure && (
        <AlertBox ref={failureRef} tone="error" title="取り込めませんでした">
          <p>{failure}</p>
        </AlertBox>
      )}

      {step.kind === 'choose' && (
        <>
          <div className="dialog__description import-help">
            <p>Excelの名簿を「CSV」形式で保存したファイルを選んでください。1行目は見出しにして、次の列を入れてください（順番は自由です）。</p>
            <ul>
              <li>
                <strong>氏名</strong>（name）とメールアドレス（email）：必須
              </li>
              <li>
                <strong>部署</strong>（department）：任意。同じ名前のグループに自動で振り分けます
              </li>
            </ul>
            <p>
              文字コードはShift_JIS・UTF-8のどちらでも構いません。{MAX_MB}MB・{PEOPLE_IMPORT_MAX_ROWS.toLocaleString('ja-JP')}行まで。登録済みのメールアドレスは、新しく追加せずに情報を更新します。
            </p>
          </div>
          <div className="field">
            <label htmlFor={`${id}-file`} className="field__label">
              CSVファイル
            </label>
            <input
              ref={fileRef}
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              className="file-input"
              disabled={busy}
              onChange={(event) => {
                setFailure(null);
                setFile(event.target.files?.[0] ?? null);
              }}
            />
          </div>
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
              キャンセル
            </button>
            <button type="button" className="button button--primary" onClick={startCheck} disabled={busy || !file} aria-busy={busy || undefined}>
              {check.isPending ? '確認中...' : '内容を確認する'}
            </button>
          </div>
        </>
      )}

      {step.kind === 'preview' && (
        <>
          <p className="dialog__description">
            「{step.file.name}」の内容です。まだ登録されていません。内容を確かめてから「取り込む」を押してください。
          </p>
          <ImportPreview result={step.result} captionId={`${id}-caption`} />
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={chooseAgain} disabled={busy}>
              ファイルを選び直す
            </button>
            <button type="button" className="button button--primary" onClick={() => apply.mutate(step.file)} disabled={busy || applicable === 0} aria-busy={apply.isPending || undefined}>
              {apply.isPending ? '取り込み中...' : applicable === 0 ? '取り込める行がありません' : `${applicable}件を取り込む`}
            </button>
          </div>
        </>
      )}

      {step.kind === 'done' && (
        <>
          <AlertBox tone="success">
            <p>
              {step.result.message ?? `新規${step.result.summary.new}件・更新${step.result.summary.updated}件を取り込みました。`}
              {step.result.summary.error > 0 && `エラーの${step.result.summary.error}行は取り込んでいません。`}
            </p>
            {step.result.created_groups.length > 0 && <p>新しく作成したグループ：{step.result.created_groups.join('、')}</p>}
          </AlertBox>
          <div className="dialog__actions">
            <button type="button" className="button button--primary" onClick={onClose}>
              閉じる
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
