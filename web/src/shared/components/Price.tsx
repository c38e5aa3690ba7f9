/** A struck-through MRP next to a price; screen readers hear "MRP" before the amount. */
export function OldPrice({ children }: { children: string }) {
  return (
    <s className="price-old">
      <span className="visually-hidden">MRP </span>
      {children}
    </s>
  );
}
