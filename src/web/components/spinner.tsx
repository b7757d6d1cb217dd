export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <span className={['spinner-wrap', className].filter(Boolean).join(' ')} role={label ? 'status' : undefined}>
      <span className="spinner" aria-hidden="true" />
      {label && <span className="spinner-wrap__label">{label}</span>}
    </span>
  );
}
