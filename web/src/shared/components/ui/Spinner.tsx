/** An inline spinner; `label` is read by screen readers. */
export function Spinner({ label = 'Loading', size = 28 }: { label?: string; size?: number }) {
  return (
    <span className="spinner" role="status" aria-live="polite" style={{ width: size, height: size }}>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** The full-page loading spinner (spec 000 §2): covers the page while something blocking happens. */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="full-page-spinner" data-testid="full-page-spinner">
      <Spinner label={label} size={40} />
    </div>
  );
}
