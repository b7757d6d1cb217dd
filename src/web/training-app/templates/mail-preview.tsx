import { useId, useState, type ReactNode } from 'react';
import { TEMPLATE_VARIABLES, type TemplatePreview } from '../../../common/templates.schema';
import { Spinner } from '../../components/spinner';

export type PreviewDevice = 'desktop' | 'phone';

const sample = (name: string) => TEMPLATE_VARIABLES.find((variable) => variable.name === name)?.sample ?? '';
const SAMPLE_RECIPIENT = `${sample('name')} <${sample('email')}>`;

const DEVICES: Array<{ id: PreviewDevice; label: string }> = [
  { id: 'desktop', label: 'パソコン' },
  { id: 'phone', label: 'スマートフォン' },
];

/** Phones start on the phone frame: a desktop window squeezed to 390 px shows nothing real. */
function initialDevice(): PreviewDevice {
  return typeof window !== 'undefined' && window.matchMedia?.('(max-width: 640px)').matches ? 'phone' : 'desktop';
}

/** "Name <address>" as mail clients show it: the name first, the address kept in one piece. */
function FromLine({ from }: { from: string }) {
  const match = /^(.*?)\s*<([^<>]+)>$/.exec(from);
  if (!match) return <>{from}</>;
  return (
    <>
      <span className="tpl-mail-header__name">{match[1]}</span> <span className="tpl-mail-header__address">&lt;{match[2]}&gt;</span>
    </>
  );
}

type Props = {
  preview: TemplatePreview | undefined;
  /** Same-origin address of the sandboxed preview document, which carries its own strict CSP. */
  documentUrl: string | undefined;
  loading: boolean;
  error?: string | null;
  /** Shown above the frame while a newer preview is on its way (the editor's live preview). */
  stale?: boolean;
  /** The To line; the sample person's unless a real one was chosen. */
  recipient?: string;
  /** Shown between the title bar and the frame (the detail page's choice of person). */
  children?: ReactNode;
};

/**
 * The mail as the employee would see it: the mail client's From and subject lines above the body,
 * in a desktop window or a phone. The body is untrusted HTML, so it only ever shows in an iframe
 * without any sandbox permission (no script, no forms, no same-origin access).
 */
export function MailPreview({ preview, documentUrl, loading, error, stale, recipient = SAMPLE_RECIPIENT, children }: Props) {
  const id = useId();
  const [device, setDevice] = useState<PreviewDevice>(initialDevice);

  return (
    <section className="tpl-preview" aria-labelledby={`${id}-title`}>
      <div className="tpl-preview__bar">
        <h2 id={`${id}-title`} className="tpl-preview__title">
          受信時の見え方
        </h2>
        <div className="segmented" role="group" aria-label="プレビューの表示端末">
          {DEVICES.map((option) => (
            <button key={option.id} type="button" className="segmented__option" aria-pressed={device === option.id} onClick={() => setDevice(option.id)}>
              {option.label}
            </button>
          ))}
        </div>
      </div>
      {children}
      <div className={`tpl-device tpl-device--${device}`} data-device={device}>
        <div className="tpl-device__screen">
          {device === 'desktop' && (
            <div className="tpl-device__toolbar" aria-hidden="true">
              <span className="tpl-device__dot" />
              <span className="tpl-device__dot" />
              <span className="tpl-device__dot" />
              <span className="tpl-device__app">受信トレイ</span>
            </div>
          )}
          {error ? (
            <p className="tpl-preview__message tpl-preview__message--error" role="alert">
              {error}
            </p>
          ) : preview && documentUrl ? (
            <>
              {stale && (
                <p className="tpl-preview__updating" role="status">
                  プレビューを更新中...
                </p>
              )}
              <dl className="tpl-mail-header">
                <div>
                  <dt>差出人</dt>
                  <dd data-testid="preview-from">
                    <FromLine from={preview.from} />
                  </dd>
                </div>
                <div>
                  <dt>件名</dt>
                  <dd className="tpl-mail-header__subject" data-testid="preview-subject">
                    {preview.subject}
                  </dd>
                </div>
                <div>
                  <dt>宛先</dt>
                  <dd data-testid="preview-to">{recipient}</dd>
                </div>
              </dl>
              <iframe
                key={documentUrl}
                className="tpl-device__frame"
                title={`メール本文のプレビュー：${preview.subject}`}
                sandbox=""
                referrerPolicy="no-referrer"
                src={documentUrl}
              />
            </>
          ) : (
            <div className="tpl-preview__message">{loading ? <Spinner label="プレビューを作成中..." /> : 'プレビューはまだありません。'}</div>
          )}
        </div>
      </div>
    </section>
  );
}
