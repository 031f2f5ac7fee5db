import { Component, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AlertTriangle } from "lucide-react";
import { Button } from "../components/ui/button.js";
import { isFileLoadFailure, reloadAfterFailure } from "./reload-after-failure.js";

function CrashScreen({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-16 text-center">
      <AlertTriangle className="mx-auto text-brand" size={48} aria-hidden />
      <h1 className="mt-4 text-2xl font-bold">{t("errorBoundary.title")}</h1>
      <p className="mt-2 text-slate-700">{t("errorBoundary.body")}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{t("common.refreshPage")}</Button>
        <Button variant="secondary" onClick={onRetry}>
          {t("common.tryAgain")}
        </Button>
        <Button variant="ghost" onClick={() => window.location.assign("/")}>
          {t("common.goHome")}
        </Button>
      </div>
    </div>
  );
}

/** Catches render errors anywhere below it. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Kindly crashed", error, info.componentStack);
    // A part of the app that did not arrive (a lazy page, a dialog): the page loaded again fetches it.
    if (isFileLoadFailure(error)) reloadAfterFailure();
  }

  override render() {
    return this.state.failed ? <CrashScreen onRetry={() => this.setState({ failed: false })} /> : this.props.children;
  }
}
