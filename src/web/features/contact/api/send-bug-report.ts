import { useMutation } from "@tanstack/react-query";
import type { BugReportInput } from "../../../../shared/schemas/contact.js";
import type { Ok } from "../../../../shared/schemas/responses.js";
import { api } from "../../../lib/api.js";

/** POST /api/bug-reports: mailed to the support address. */
export const sendBugReport = (input: BugReportInput): Promise<Ok> => api("/bug-reports", { method: "POST", body: input });

export const useSendBugReport = () => useMutation({ mutationFn: sendBugReport });
