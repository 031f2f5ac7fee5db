import type { TFunction } from "i18next";
import type { DrawnAttempt } from "../../../shared/schemas/workplace.js";
import {
  isQuizSubject,
  MANAGER_QUIZ,
  MODULE_PARAGRAPHS,
  MODULE_TOPICS,
  topicOfQuestion,
  type LearningSubject,
  type QuizId,
  type TrainingModuleId,
} from "../../../shared/workplace/learning.js";
import type { StepQuestion } from "../../components/ui/question-stepper.js";

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
// Keys built from ids: the message files hold each pool's topics and questions (checked by the answer-key test).
const tk = (t: TFunction, key: string) => t(key as never) as string;
function base(subject: LearningSubject) {
  if (subject === MANAGER_QUIZ) return "employer.managerTraining";
  return isQuizSubject(subject) ? `workplace.quizzes.${subject}` : `workplace.training.modules.${subject}`;
}

export function moduleContent(t: TFunction, id: TrainingModuleId) {
  const at = base(id);
  return {
    title: tk(t, `${at}.title`),
    scenario: tk(t, `${at}.scenario`),
    illustration: tk(t, `${at}.illustration`),
    paragraphs: range(MODULE_PARAGRAPHS).map((n) => tk(t, `${at}.p${n}`)),
    outcomes: MODULE_TOPICS.map((topic) => tk(t, `${at}.topics.${topic}.outcome`)),
  };
}

export function quizContent(t: TFunction, id: QuizId) {
  return { title: tk(t, `${base(id)}.title`), intro: tk(t, `${base(id)}.intro`) };
}

/** The questions of a drawn attempt, in the reader's language, with the options in the order the server shuffled them. */
export function drawnQuestions(t: TFunction, subject: LearningSubject, attempt: DrawnAttempt): StepQuestion[] {
  return attempt.questions.map((question) => {
    const at = `${base(subject)}.topics.${topicOfQuestion(question.id)}.${question.id.slice(question.id.lastIndexOf(".") + 1)}`;
    return { text: tk(t, `${at}.question`), options: question.options.map((option) => tk(t, `${at}.o${option + 1}`)) };
  });
}

/** The idea a question tests: its name (a quiz's topic, a module's learning outcome) and what to remember. */
export function topicOf(t: TFunction, subject: LearningSubject, questionId: string) {
  const at = `${base(subject)}.topics.${topicOfQuestion(questionId)}`;
  return { name: tk(t, `${at}.${isQuizSubject(subject) ? "name" : "outcome"}`), explanation: tk(t, `${at}.explanation`) };
}
