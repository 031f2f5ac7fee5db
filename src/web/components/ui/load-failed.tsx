import { useTranslation } from "react-i18next";
import { Button } from "./button.js";
import { Card } from "./card.js";

/** A section that could not load: say so, and offer to try again. */
export function LoadFailed({ onRetry, message }: { onRetry: () => void; message?: string }) {
  const { t } = useTranslation();
  return (
    <Card role="alert" className="space-y-3 text-center">
      <p className="text-slate-800">{message ?? t("workplace.loadFailed")}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t("workplace.retry")}
      </Button>
    </Card>
  );
}
