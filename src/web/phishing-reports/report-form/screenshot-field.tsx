import { useId, useState, type ReactNode, type Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SCREENSHOT_ACCEPT } from '../../../common/limits';
import { reportUiText as t } from '../../../common/report-messages';
import { FieldError, RequiredBadge } from '../../components/form-field';
import type { ScreenshotFile } from './use-screenshot-file';

export type AnalysisNote = { tone: 'info' | 'error'; text: string };

type ScreenshotFieldProps = {
  screenshot: ScreenshotFile;
  analyzing: boolean;
  canAnalyze: boolean;
  onAnalyze: () => void;
  analyzeRef: Ref<HTMLButtonElement>;
  note: AnalysisNote | null;
  publishField: UseFormRegisterReturn<'publish_screenshot'>;
  /** Another file was chosen or the choice undone: what was said about the previous one no longer applies. */
  onFileChange: () => void;
};

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)}MB` : `${Math.max(1, Math.round(bytes / 1024))}KB`;
}

export function ScreenshotField(props: ScreenshotFieldProps) {
  const { screenshot, analyzing, canAnalyze, onAnalyze, analyzeRef, note, publishField, onFileChange } = props;
  const id = useId();
  const { file, previewUrl, error } = screenshot;
  // A file the browser cannot decode would show a broken-image icon with its alt text squeezed into the thumbnail.
  const [brokenPreviewUrl, setBrokenPreviewUrl] = useState<string | null>(null);
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');

  let noteView: ReactNode = null;
  if (note) {
    noteView = (
      <p className={`screenshot-field__note screenshot-field__note--${note.tone}`} role={note.tone === 'error' ? 'alert' : 'status'}>
        {note.text}
      </p>
    );
  }

  return (
    <div className={['field', 'screenshot-field', error ? 'field--invalid' : null].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="field__label">
        スクリーンショット
        <RequiredBadge required={false} />
      </label>
      <p id={`${id}-hint`} className="field__hint">
        受信画面の画像を選んで「{t.analyzeButton}」を押すと、送信元・件名・本文を読み取って入力します。JPEG・PNG・GIF形式、10MB以下。
      </p>
      <input
        ref={screenshot.inputRef}
        id={id}
        name="screenshot"
        type="file"
        accept={SCREENSHOT_ACCEPT}
        className="file-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          screenshot.choose(event.currentTarget.files);
          onFileChange();
        }}
      />
      <FieldError id={`${id}-error`} message={error ?? undefined} />

      {file && previewUrl && (
        <div className="screenshot-field__preview">
          {previewUrl !== brokenPreviewUrl && (
            <img
              src={previewUrl}
              alt="選択したスクリーンショットのプレビュー"
              className="screenshot-field__thumb"
              onError={() => setBrokenPreviewUrl(previewUrl)}
            />
          )}
          <div className="screenshot-field__meta">
            <span className="screenshot-field__name">{file.name}</span>
            <span className="screenshot-field__size">{formatBytes(file.size)}</span>
            <button
              type="button"
              className="button button--link"
              onClick={() => {
                screenshot.clear();
                onFileChange();
              }}
            >
              選択を解除<span className="visually-hidden">（{file.name}）</span>
            </button>
          </div>
        </div>
      )}

      <div className="screenshot-field__actions">
        <button
          ref={analyzeRef}
          type="button"
          className="button button--secondary screenshot-field__analyze"
          onClick={onAnalyze}
          disabled={!canAnalyze}
          aria-busy={analyzing || undefined}
        >
          {analyzing ? (
            <>
              <span className="spinner spinner--small" aria-hidden="true" />
              {t.analyzing}
            </>
          ) : (
            <>
              <span className="button__icon" aria-hidden="true">
                ✦
              </span>
              {t.analyzeButton}
            </>
          )}
        </button>
        <label className={['checkbox', file ? null : 'checkbox--muted'].filter(Boolean).join(' ')}>
          <input type="checkbox" {...publishField} />
          <span>{t.publishScreenshot}</span>
        </label>
      </div>
      <p className="field__hint field__hint--small">
        チェックを外すと画像は公開されず、文字の報告内容だけが公開されます。
      </p>
      {noteView}
    </div>
  );
}
