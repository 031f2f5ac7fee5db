import { MessageSquareHeart } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/ui/card.js";
import { useDecimal } from "../../components/ui/survey-figures.js";
import { formatDay } from "../../lib/format-day.js";
import { useYouSaidWeDid } from "./api/workplace.js";

/**
 * "You said, we did" (issue 47 §6): each action the employer published in
 * answer to what a survey showed, in its own words. Figures only where the
 * employer shares the results (five responses or more, as everywhere).
 * Nothing shows until there is something to say.
 */
export function YouSaidWeDid() {
  const { t, i18n } = useTranslation();
  const decimal = useDecimal();
  const said = useYouSaidWeDid();
  const items = said.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card className="space-y-3" aria-labelledby="you-said-we-did">
      <div>
        <h3 id="you-said-we-did" className="flex items-center gap-2 font-bold">
          <MessageSquareHeart size={18} className="text-brand" aria-hidden />
          {t("workplace.youSaidWeDid.title")}
        </h3>
        <p className="text-sm text-slate-700">{t("workplace.youSaidWeDid.intro")}</p>
      </div>
      <ul className="divide-y divide-slate-100">
        {items.map((item) => {
          const category = t(`workplace.survey.categories.${item.category}`);
          const date = formatDay(item.periodStart, i18n.language, "medium");
          return (
            <li key={item.id} className="space-y-1 py-2">
              <p className="text-sm text-slate-700">
                {item.score === null
                  ? t("workplace.youSaidWeDid.youSaid", { category, date })
                  : t("workplace.youSaidWeDid.youSaidScore", { category, date, score: decimal(item.score) })}
              </p>
              <p>
                <span className="font-semibold">{t("workplace.youSaidWeDid.weDid")}</span>{" "}
                <span className="whitespace-pre-line">{item.text}</span>
              </p>
              {item.helped !== null && (
                <p className="text-sm font-semibold text-emerald-800">
                  {t("workplace.youSaidWeDid.helped", { score: decimal(item.helped) })}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
