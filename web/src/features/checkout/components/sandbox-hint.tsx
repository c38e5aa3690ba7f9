import { PAYU_SANDBOX_NOTE, SANDBOX_VALUES, sandboxOf } from '../payment';

/** The sandbox's test values, only under a provider's test keys (rzp_test_…, payu_test_…). */
export function SandboxHint({ paymentKey }: { paymentKey: string | null | undefined }) {
  const sandbox = sandboxOf(paymentKey);
  if (sandbox === null) return null;
  if (sandbox === 'PAYU') {
    return (
      <aside className="co-sandbox" aria-label="Sandbox" data-testid="sandbox-hint">
        <p className="co-sandbox__note">{PAYU_SANDBOX_NOTE}</p>
      </aside>
    );
  }
  return (
    <aside className="co-sandbox" aria-labelledby="co-sandbox-title" data-testid="sandbox-hint">
      <h2 className="co-sandbox__title" id="co-sandbox-title">
        Sandbox: no real money moves
      </h2>
      <dl className="co-sandbox__list">
        {SANDBOX_VALUES.map((v) => (
          <div key={v.value} className="co-sandbox__row">
            <dt>{v.label}</dt>
            <dd>
              <code>{v.value}</code>
            </dd>
          </div>
        ))}
      </dl>
      <p className="co-sandbox__note">Any future expiry date, any CVV and any name work with the test cards.</p>
    </aside>
  );
}
