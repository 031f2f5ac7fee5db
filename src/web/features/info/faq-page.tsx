import { dailyLimitVars } from "../../../shared/acts/daily-limit.js";
import { Accordion } from "radix-ui";
import { useTranslation } from "react-i18next";
import { ChevronDown } from "lucide-react";
import { ButtonLink } from "../../components/ui/button.js";
import { Card, Page, PageTitle } from "../../components/ui/card.js";

const QUESTIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;

export default function FaqPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <PageTitle intro={t("faq.intro")}>{t("faq.title")}</PageTitle>
      {/* type="single": opening one question closes the one that was open. */}
      <Accordion.Root type="single" collapsible className="space-y-2">
        {QUESTIONS.map((n) => (
          <Accordion.Item key={n} value={`q${n}`} className="rounded-xl border border-rose-100 bg-white">
            <Accordion.Header>
              <Accordion.Trigger className="group flex min-h-12 w-full items-center justify-between gap-3 px-4 py-3 text-left font-semibold">
                {t(`faq.q${n}`)}
                <ChevronDown size={20} aria-hidden className="shrink-0 transition-transform group-data-[state=open]:rotate-180" />
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className="px-4 pb-4 text-slate-700">{t(`faq.a${n}`, dailyLimitVars)}</Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
      <Card className="mt-6 text-center">
        <h2 className="text-lg font-bold">{t("faq.supportTitle")}</h2>
        <p className="mt-1 text-slate-700">{t("faq.supportBody")}</p>
        <ButtonLink to="/contact" className="mt-4">
          {t("faq.supportButton")}
        </ButtonLink>
      </Card>
    </Page>
  );
}
