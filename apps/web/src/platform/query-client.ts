import { QueryClient } from '@tanstack/react-query';

/** The one react-query cache; cleared on logout. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});
