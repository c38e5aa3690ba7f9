import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { mergeDeviceViews } from '@/features/account/api/merge-recently-viewed';
import { useMe } from '@/features/auth/api/get-me';
import { cartNotesState } from '@/features/auth/cart-notes';
import { LoginForm } from '@/features/auth/components/LoginForm';
import { readViewed, writeViewed } from '@/features/recommendations/recently-viewed';
import { useToast } from '@/shared/components/ui/toast-context';

/** Only same-site paths: an open redirect would hand a shopper to anyone's page. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/login/')) return '/';
  return next;
}

/**
 * At login the products this browser viewed as a guest join the shopper's recently viewed list, once
 * (not awaited: the shopper moves on at once). The ids the server took are then dropped from the browser's
 * list: the list lives with the account from now on; on a shared phone the next person to log in would
 * otherwise have them merged into their account (and a guest after logout would see them); and sent again
 * at every later login they would jump ahead of newer views. A refused or failed merge keeps the list for
 * the next login. (Here rather than in features/auth: a feature imports no other feature.)
 */
export function mergeViewsAtLogin(queryClient: QueryClient, userId: number): Promise<void> {
  const ids = readViewed();
  if (ids.length === 0) return Promise.resolve();
  return mergeDeviceViews(queryClient, userId, ids).then(
    (sent) => writeViewed(readViewed().filter((id) => !sent.includes(id))),
    (e: unknown) => console.warn('recently viewed not merged at login', e),
  );
}

export function LoginRoute() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const navigate = useNavigate();
  const toast = useToast();
  const me = useMe();
  const queryClient = useQueryClient();

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
            onLoggedIn={(user, cartNotes) => {
              void mergeViewsAtLogin(queryClient, user.id);
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
