import { nameIn } from "../../../shared/i18n/localized-text.js";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { CardJourney } from "../../../shared/schemas/cards.js";
import { Button, ButtonLink } from "../../components/ui/button.js";
import { Card, LoadingState, Page, PageTitle } from "../../components/ui/card.js";
import { StatTile } from "../../components/ui/stat-tile.js";
import { ApiError } from "../../lib/api.js";
import { useCardJourney } from "./api/card-journey.js";
import { JourneyChoices } from "./journey-choices.js";
import { PastActActions } from "../../components/act-actions/past-act-actions.js";
import { dateFormat, numberFormat } from "../../../shared/i18n/format.js";

// Leaflet loads only when there is something to draw.
const JourneyMap = lazy(() => import("./journey-map.js"));

/** A run of stops by people who show neither their name nor their city reads as one line, not "Someone · City not shared" five times. */
type StopLine = { kind: "stop"; stop: CardJourney["stops"][number] } | { kind: "private"; stops: CardJourney["stops"] };

function stopLines(stops: CardJourney["stops"]): StopLine[] {
  const lines: StopLine[] = [];
  for (const stop of stops) {
    const last = lines.at(-1);
    if (stop.holder === null && stop.place === null && last?.kind === "private") last.stops.push(stop);
    else if (stop.holder === null && stop.place === null) lines.push({ kind: "private", stops: [stop] });
    else lines.push({ kind: "stop", stop });
  }
  return lines;
}

function Stops({ journey }: { journey: CardJourney }) {
  const { t, i18n } = useTranslation();
  const day = dateFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  const dateOf = (stop: CardJourney["stops"][number]) => <time dateTime={stop.day}>{day.format(new Date(`${stop.day}T12:00:00Z`))}</time>;
  return (
    <ol className="divide-y divide-slate-100 rounded-2xl border border-rose-100 bg-white">
      {stopLines(journey.stops).map((line) => {
        const first = line.kind === "stop" ? line.stop : line.stops[0]!;
        const last = line.kind === "stop" ? line.stop : line.stops.at(-1)!;
        const several = line.kind === "private" && line.stops.length > 1;
        return (
          <li key={first.order} className="flex items-start gap-3 p-3" data-testid="journey-stop">
            <span
              className="flex h-8 min-w-8 shrink-0 items-center justify-center rounded-full bg-rose-100 px-2 font-bold text-brand-dark"
              aria-hidden
            >
              {several ? `${first.order}–${last.order}` : first.order}
            </span>
            <div>
              <p className="font-semibold text-slate-900">
                {several ? (
                  <>
                    <span className="sr-only">{t("journey.stops", { from: first.order, to: last.order })} · </span>
                    {t("journey.privateHolders", { count: line.stops.length })}
                  </>
                ) : (
                  <>
                    <span className="sr-only">{t("journey.stop", { order: first.order })} · </span>
                    {first.holder ?? t("journey.someone")}
                  </>
                )}
              </p>
              <p className="text-sm text-slate-700">
                {dateOf(first)}
                {several && first.day !== last.day && <> – {dateOf(last)}</>}
                {" · "}
                {first.place
                  ? (first.place.name ?? t("journey.nearby", { lat: first.place.lat.toFixed(2), lon: first.place.lon.toFixed(2) }))
                  : t(several ? "journey.unknownPlaces" : "journey.unknownPlace")}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** /cards/:cardId: where a portable card has been, from hand to hand. */
export default function CardJourneyPage() {
  const { t, i18n } = useTranslation();
  const { cardId = "" } = useParams();
  const journey = useCardJourney(cardId);
  const number = numberFormat(i18n.language);

  if (journey.isPending) return <LoadingState label={t("common.loading")} />;
  if (journey.isError) {
    const missing = journey.error instanceof ApiError && journey.error.status === 404;
    return (
      <Page narrow>
        <Card className="space-y-3 text-center" role="alert">
          <h1 className="text-2xl font-bold">{missing ? t("journey.notFound") : t("journey.loadFailed")}</h1>
          {missing ? (
            <>
              <p className="text-slate-700">{t("journey.notFoundBody")}</p>
              <ButtonLink to="/">{t("common.goHome")}</ButtonLink>
            </>
          ) : (
            <Button onClick={() => void journey.refetch()}>{t("common.tryAgain")}</Button>
          )}
        </Card>
      </Page>
    );
  }
  const data = journey.data;
  const placed = data.stops.some((stop) => stop.place !== null);
  return (
    <Page>
      <PageTitle
        intro={t("journey.cardOf", {
          card: nameIn(data.cardName, data.cardTranslations, i18n.language),
          organization: data.organizationName,
        })}
      >
        {t("journey.title")}
      </PageTitle>
      {data.cardNumber !== null && (
        <p className="-mt-2 mb-4 text-sm font-semibold text-slate-700">{t("journey.cardNumber", { number: data.cardNumber })}</p>
      )}
      <dl className="grid grid-cols-3 gap-3">
        <StatTile label={t("journey.people")} value={number.format(data.people)} />
        <StatTile label={t("journey.days")} value={number.format(data.days)} />
        {/* A distance needs two cities on the map; before that, "0 km" would say the card never moved. */}
        <StatTile
          label={t("journey.distance")}
          value={
            data.stops.filter((stop) => stop.place !== null).length >= 2
              ? t("journey.km", { distance: number.format(data.distanceKm) })
              : t("journey.distanceUnknown")
          }
        />
      </dl>
      {data.me && (
        <div className="mt-4">
          {data.me.act && (
            <Card className="mb-4">
              <h2 className="text-lg font-bold">{t("journey.yourAct", { number: number.format(data.me.act.actNumber) })}</h2>
              <PastActActions act={data.me.act} />
            </Card>
          )}
          <JourneyChoices journey={{ ...data, me: data.me }} />
        </div>
      )}
      <section aria-labelledby="journey-map-title" className="mt-6">
        <h2 id="journey-map-title" className="text-xl font-bold">
          {t("journey.mapTitle")}
        </h2>
        <p className="mb-2 text-sm text-slate-700">{t("journey.mapNote")}</p>
        {placed ? (
          <Suspense fallback={<LoadingState label={t("common.loading")} />}>
            <JourneyMap stops={data.stops} />
          </Suspense>
        ) : (
          <Card className="text-slate-700">{t("journey.noPlaces")}</Card>
        )}
      </section>
      <section aria-labelledby="journey-stops-title" className="mt-6">
        <h2 id="journey-stops-title" className="mb-2 text-xl font-bold">
          {t("journey.stopsTitle")}
        </h2>
        <Stops journey={data} />
      </section>
    </Page>
  );
}
