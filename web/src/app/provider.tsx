import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastProvider } from '@/shared/components/ui/Toast';
import { createQueryClient } from '@/shared/lib/react-query';

/** `client`: one made before the first render (main.tsx fills it with the data the HTML preloaded). */
export function AppProvider({ children, client: given }: { children: ReactNode; client?: QueryClient }) {
  const [client] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
