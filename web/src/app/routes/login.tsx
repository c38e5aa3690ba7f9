import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMe } from '@/features/auth/api/get-me';
import { cartNotesState } from '@/features/auth/cart-notes';
import { LoginForm } from '@/features/auth/components/LoginForm';
import { useToast } from '@/shared/components/ui/toast-context';

/** Only same-site paths: an open redirect would hand a shopper to anyone's page. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/login/')) return '/';
  return next;
}

export function LoginRoute() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const navigate = useNavigate();
  const toast = useToast();
  const me = useMe();

  return (
    <section className="login">
      <title>Log in · Drape</title>
      <div className="login__card">
        <h1 className="login__title">Log in or sign up</h1>
        <p className="login__sub">Use your mobile number. New here? We will create your account.</p>
        {me.data?.is_authenticated && me.data.user ? (
          <div className="form-info" role="status">
            <p>You are already logged in as {me.data.user.mobile}.</p>
            <Link to={next} className="button button--primary button--wide">
              Continue shopping
            </Link>
          </div>
        ) : (
          <LoginForm
            onLoggedIn={(_user, cartNotes) => {
              toast.success('You are now logged in');
              // What of the guest's bag was left out is shown on the page they land on (AppLayout), until dismissed.
              navigate(next, { replace: true, state: cartNotesState(cartNotes) });
            }}
          />
        )}
      </div>
    </section>
  );
}
