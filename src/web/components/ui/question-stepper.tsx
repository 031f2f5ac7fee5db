import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFocusOnChange } from "../../lib/use-focus-on-change.js";
import { Button } from "./button.js";

export interface StepQuestion {
  text: string;
  options: string[];
  /** Shown above the question (the survey's category). */
  label?: string;
}

/**
 * One question per screen, with progress: Previous, Next (disabled until an
 * answer is chosen) and, on the last one, Submit. The survey and every quiz
 * use it; answers are option positions from 0.
 */
export function QuestionStepper({
  questions,
  submitting,
  onSubmit,
  progressLabel,
  submitLabel,
  extra,
}: {
  questions: StepQuestion[];
  submitting: boolean;
  onSubmit: (answers: number[]) => void;
  progressLabel: (current: number, total: number) => string;
  submitLabel: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<(number | undefined)[]>(() => questions.map(() => undefined));
  const groupId = useId();
  const question = questions[index]!;
  const chosen = answers[index];
  const last = index === questions.length - 1;
  const percent = Math.round(((index + 1) / questions.length) * 100);
  // The next question's chosen (or first) option takes the focus: Next turns disabled until it is answered.
  const fieldset = useFocusOnChange<HTMLFieldSetElement>(index, {
    pick: (element) => element.querySelector<HTMLInputElement>("input:checked") ?? element.querySelector("input"),
  });

  return (
    <div className="space-y-4">
      <div>
        <p className="text-sm font-semibold text-slate-700">{progressLabel(index + 1, questions.length)}</p>
        <div
          className="mt-1 h-2 rounded-full bg-slate-200"
          role="progressbar"
          aria-label={progressLabel(index + 1, questions.length)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="h-2 rounded-full bg-brand" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <fieldset ref={fieldset} className="space-y-2" aria-describedby={question.label ? `${groupId}-label` : undefined}>
        {question.label && (
          <p id={`${groupId}-label`} className="text-xs font-semibold uppercase tracking-wide text-brand">
            {question.label}
          </p>
        )}
        <legend className="text-lg font-semibold text-slate-900">{question.text}</legend>
        {question.options.map((option, position) => (
          <label
            key={position}
            className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 ${chosen === position ? "border-brand bg-rose-50" : "border-slate-300 hover:bg-slate-50"}`}
          >
            <input
              type="radio"
              name={`${groupId}-q${index}`}
              checked={chosen === position}
              onChange={() => setAnswers((all) => all.map((a, i) => (i === index ? position : a)))}
              className="h-4 w-4 accent-brand"
            />
            <span>{option}</span>
          </label>
        ))}
      </fieldset>
      {extra}
      <div className="flex justify-between gap-2">
        <Button variant="secondary" disabled={index === 0 || submitting} onClick={() => setIndex(index - 1)}>
          {t("workplace.survey.previous")}
        </Button>
        {last ? (
          <Button disabled={chosen === undefined || submitting} onClick={() => onSubmit(answers as number[])}>
            {submitting ? t("workplace.survey.submitting") : submitLabel}
          </Button>
        ) : (
          <Button disabled={chosen === undefined} onClick={() => setIndex(index + 1)}>
            {t("workplace.survey.next")}
          </Button>
        )}
      </div>
    </div>
  );
}
