/** A numbered multi-step flow (registration, upgrade): done steps ticked, the current one marked for screen readers. */
export function StepIndicator({ steps, current, label }: { steps: readonly string[]; current: number; label: string }) {
  return (
    <nav className="reg-steps" aria-label={label}>
      <ol className="reg-steps__list">
        {steps.map((stepLabel, index) => {
          const step = index + 1;
          const state = step < current ? 'done' : step === current ? 'current' : 'upcoming';
          return (
            <li key={stepLabel} className={`reg-steps__item reg-steps__item--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="reg-steps__number" aria-hidden="true">
                {state === 'done' ? '✓' : step}
              </span>
              <span className="reg-steps__label">
                <span className="visually-hidden">
                  ステップ{step}
                  {state === 'done' ? '（完了）' : state === 'current' ? '（現在の手順）' : ''}：
                </span>
                {stepLabel}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
