import { Link } from 'react-router';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__brand">Drape</p>
        <p className="site-footer__promise">Free shipping on orders of ₹29 and above · Cash on delivery · Discreet packaging</p>
        <nav className="site-footer__links" aria-label="Help">
          <Link to="/order/history/">My orders</Link>
          <Link to="/account/contact">Contact us</Link>
          <Link to="/address-book/">Addresses</Link>
        </nav>
        <p className="site-footer__legal">© {new Date().getFullYear()} Drape. All prices in Indian rupees (INR).</p>
      </div>
    </footer>
  );
}
