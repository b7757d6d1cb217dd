/** A form's full-width primary submit button, with a spinner and its own wording while the form is busy. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="button button--primary button--large submit-button">
      {busy ? (
        <>
          <span className="spinner spinner--small spinner--inverse" aria-hidden="true" />
          {busyLabel}
        </>
      ) : (
        label
      )}
    </button>
  );
}
