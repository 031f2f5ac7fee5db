import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Users } from "lucide-react";
import { Button } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";

/**
 * Work teams and walking teams are announced but not open yet (spec: both
 * "Coming Soon"). The forms show what joining will need; submitting only
 * says so, and nothing is sent.
 */
function TeamForm({ kind }: { kind: "work" | "walk" }) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
  };
  const id = `team-${kind}`;
  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4 text-slate-700"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="flex items-center justify-between gap-2 font-semibold">
        {t(`teams.${kind}Title`)}
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t("teams.comingSoon")}</span>
      </h3>
      <div>
        <label htmlFor={`${id}-name`} className="block text-sm font-medium">
          {t("teams.name")}
        </label>
        <input
          id={`${id}-name`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={60}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
        />
      </div>
      <div>
        <label htmlFor={`${id}-password`} className="block text-sm font-medium">
          {t("teams.password")}
        </label>
        <input
          id={`${id}-password`}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          maxLength={128}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
        />
      </div>
      <Button type="submit" variant="secondary" disabled={!name.trim() || !password}>
        {t("teams.join")}
      </Button>
      {submitted && (
        <p role="status" className="text-sm text-slate-700">
          {t("teams.notOpenYet")}
        </p>
      )}
    </form>
  );
}

/** Visibly not open yet: muted, dashed, and said in words before the forms. */
export function TeamJoinForms() {
  const { t } = useTranslation();
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Users size={20} aria-hidden className="text-slate-500" />
        {t("teams.title")}
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t("teams.comingSoon")}</span>
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("teams.preview")}</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <TeamForm kind="work" />
        <TeamForm kind="walk" />
      </div>
    </Card>
  );
}
