/**
 * The fit notice for logged-in shoppers with fit-guide data (spec 001 §6): the size they received in
 * this kind of product (from their delivered orders), and whether this style comes in it.
 */
export function FitNotice({ code, available }: { code: string; available: string }) {
  if (!code) return null;
  return (
    <p className="pdp-fit" data-testid="fit-notice">
      {available ? (
        <>
          Your size from past orders: <strong>{code}</strong>. This style comes in {available}.
        </>
      ) : (
        <>
          Your size from past orders: <strong>{code}</strong>. This style is not made in {code}; check the size chart.
        </>
      )}
    </p>
  );
}
