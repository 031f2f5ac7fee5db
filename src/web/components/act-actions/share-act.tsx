import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Check, Copy, Download, Share2 } from "lucide-react";
import { Button, buttonClass } from "../ui/button.js";
import { numberFormat } from "../../../shared/i18n/format.js";
import { languageFromTag } from "../../../shared/i18n/languages.js";

type Shared = "idle" | "sharing" | "copied" | "fallback";

/**
 * Share a revealed act (issue 26 §3): the Web Share API with the story image
 * where the browser takes files, else with the link; where there is no share
 * sheet, the link to copy and the image to download. The link's page
 * previews with the act's image and shows nothing private.
 */
export function ShareAct({ actNumber, named }: { actNumber: number; named: boolean }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<Shared>("idle");
  const language = languageFromTag(i18n.language);
  const url = `${window.location.origin}/acts/${actNumber}`;
  const image = `/api/acts/${actNumber}/image?format=story&lang=${language}`;
  const text = t("shareAct.text", { number: numberFormat(i18n.language).format(actNumber) });

  const share = async () => {
    if (!("share" in navigator)) return setState("fallback");
    setState("sharing");
    try {
      const blob = await (await fetch(image)).blob();
      const file = new File([blob], `kindly-act-${actNumber}.png`, { type: "image/png" });
      const withFile = { files: [file], title: "Kindly", text, url };
      await navigator.share(navigator.canShare?.(withFile) ? withFile : { title: "Kindly", text, url });
      setState("idle");
    } catch (error) {
      // Closing the share sheet is not a failure; anything else falls back to copy and download.
      setState(error instanceof DOMException && error.name === "AbortError" ? "idle" : "fallback");
    }
  };
  const copy = async () => {
    await navigator.clipboard.writeText(url);
    setState("copied");
  };

  return (
    <div className="mt-6 flex flex-col items-center gap-3" data-testid="share-act">
      <Button onClick={() => void share()} disabled={state === "sharing"}>
        <Share2 size={18} aria-hidden />
        {t("shareAct.button")}
      </Button>
      {(state === "fallback" || state === "copied") && (
        <div className="flex flex-wrap justify-center gap-3">
          <Button variant="secondary" onClick={() => void copy()}>
            {state === "copied" ? <Check size={18} aria-hidden /> : <Copy size={18} aria-hidden />}
            {state === "copied" ? t("shareAct.copied") : t("shareAct.copyLink")}
          </Button>
          <a href={image} download={`kindly-act-${actNumber}.png`} className={buttonClass("secondary")}>
            <Download size={18} aria-hidden />
            {t("shareAct.download")}
          </a>
        </div>
      )}
      <p className="max-w-xs text-center text-sm text-slate-700">{named ? t("shareAct.named") : t("shareAct.anonymous")}</p>
    </div>
  );
}
