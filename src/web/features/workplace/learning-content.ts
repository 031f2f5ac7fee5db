import type { TFunction } from "i18next";
import {
  MODULE_OPTIONS,
  MODULE_PARAGRAPHS,
  MODULE_QUESTIONS,
  QUIZ_OPTION_COUNTS,
  type QuizId,
  type TrainingModuleId,
} from "../../../shared/workplace/learning.js";
import type { StepQuestion } from "../../components/ui/question-stepper.js";

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
// Keys built from numbers: the message files hold q1…q5 and o1…o4 (checked by the message-file test).
const tk = (t: TFunction, key: string) => t(key as never) as string;

export function moduleContent(t: TFunction, id: TrainingModuleId) {
  const base = `workplace.training.modules.${id}`;
  return {
    title: tk(t, `${base}.title`),
    paragraphs: range(MODULE_PARAGRAPHS).map((n) => tk(t, `${base}.p${n}`)),
    questions: range(MODULE_QUESTIONS).map((q): StepQuestion => ({
      text: tk(t, `${base}.q${q}.question`),
      options: range(MODULE_OPTIONS).map((o) => tk(t, `${base}.q${q}.o${o}`)),
    })),
    explanations: range(MODULE_QUESTIONS).map((q) => tk(t, `${base}.q${q}.explanation`)),
  };
}

export function quizContent(t: TFunction, id: QuizId) {
  const base = `workplace.quizzes.${id}`;
  return {
    title: tk(t, `${base}.title`),
    intro: tk(t, `${base}.intro`),
    questions: QUIZ_OPTION_COUNTS[id].map((count, i): StepQuestion => ({
      text: tk(t, `${base}.q${i + 1}.question`),
      options: range(count).map((o) => tk(t, `${base}.q${i + 1}.o${o}`)),
    })),
    explanations: QUIZ_OPTION_COUNTS[id].map((_, i) => tk(t, `${base}.q${i + 1}.explanation`)),
  };
}
