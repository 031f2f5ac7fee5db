import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "sonner";
import { ApiError } from "../lib/api.js";

/**
 * docs/spec/participant.md §9: one retry (three on network errors), data fresh for
 * five minutes. Answers the server gave on purpose (4xx) are not retried.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5 * 60_000,
      retry: (failures, error) => {
        if (error instanceof ApiError && error.code === "network") return failures < 3;
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
        return failures < 1;
      },
    },
  },
});

/** `client` is the app's own unless given (the build's prerender gives one whose queries never run). */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster visibleToasts={1} position="top-center" closeButton />
    </QueryClientProvider>
  );
}
