import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScanSuccess } from "../../../shared/schemas/scans.js";
import { ActCard } from "./act-card.js";
import { AfterReveal } from "./after-reveal.js";

/**
 * An act recorded already (a kept scan claimed, a saved scan sent, a card
 * left unseen): the scan page's title and place, its card opened with one
 * tap (or out of its envelope already), then what comes after the reveal.
 * `note` is said until the card is out.
 */
export function RecordedAct({
  place,
  result,
  startOpen = false,
  note,
  onOpened,
  onRevealed,
}: {
  place: string;
  result: ScanSuccess;
  startOpen?: boolean;
  note?: React.ReactNode;
  onOpened?: () => void;
  onRevealed?: () => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <h1 className="mb-1 text-center text-xl font-bold">{t("scan.title")}</h1>
      <p className={`${note ? "mb-2" : "mb-6"} text-center text-slate-700`}>{place}</p>
      {!opened && note}
      <ActCard
        organizationName={result.organizationName}
        result={opened ? result : null}
        openWithEnvelope
        startOpen={startOpen}
        onOpen={() => {
          setOpened(true);
          onOpened?.();
        }}
        onRevealed={onRevealed}
      />
      {opened && <AfterReveal result={result} />}
    </>
  );
}
