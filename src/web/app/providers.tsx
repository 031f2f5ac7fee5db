import { useTranslation } from "react-i18next";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import { Toaster } from "sonner";
import { ApiError } from "../lib/api.js";
import { i18n } from "../lib/i18n.js";

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
  // The server translates some content (contest names, prizes, kind messages…) for the language
  // each request names: after a switch, everything shown is asked for again in the new language
  // (the old answers stay on screen until the new ones arrive). A query marked
  // `sameInEveryLanguage` is left alone.
  useEffect(() => {
    const refetch = () => void client.invalidateQueries({ predicate: (query) => query.meta?.sameInEveryLanguage !== true });
    i18n.on("languageChanged", refetch);
    return () => i18n.off("languageChanged", refetch);
  }, [client]);
  return (
    <QueryClientProvider client={client}>
      {children}
      {/*
        Just under the header (h-16), over the page's title: a toast hides neither
        the header's controls nor a page's buttons, which sit lower (and at the
        bottom of a phone's screen, right where a toast used to appear). What must
        stay in view is said inline instead (a revealed card's achievements).
      */}
      <TranslatedToaster />
    </QueryClientProvider>
  );
}

/** Sonner's shortcut to the notifications (its default, Alt+T), named in the message. */
const TOASTER_KEYS = "Alt+T";

/** The toasts, their region and close button named in the page's language rather than Sonner's English. */
function TranslatedToaster() {
  const { t } = useTranslation();
  return (
    <Toaster
      visibleToasts={1}
      position="top-center"
      offset={{ top: 72 }}
      mobileOffset={{ top: 72 }}
      closeButton
      customAriaLabel={t("common.notificationsRegion", { keys: TOASTER_KEYS })}
      toastOptions={{ closeButtonAriaLabel: t("common.closeNotification") }}
    />
  );
}
