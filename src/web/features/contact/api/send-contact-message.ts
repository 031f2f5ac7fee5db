import { useMutation } from "@tanstack/react-query";
import type { ContactMessageInput } from "../../../../shared/schemas/contact.js";
import type { Ok } from "../../../../shared/schemas/responses.js";
import { api } from "../../../lib/api.js";

/** POST /api/contact: mailed to the support address. */
export const sendContactMessage = (input: ContactMessageInput): Promise<Ok> => api("/contact", { method: "POST", body: input });

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
