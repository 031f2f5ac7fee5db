import type {
  ChangePasswordInput,
  CompleteEmailRecoveryInput,
  SignInInput,
  SignUpInput,
} from "../../../../shared/schemas/auth.js";
import type { Profile } from "../../../../shared/schemas/profile.js";
import { api } from "../../../lib/api.js";

const post = <T = { ok: true }>(path: string, body: unknown) => api<T>(path, { method: "POST", body });

export const authApi = {
  signUp: (input: SignUpInput) => post<{ status: "confirmation_sent" }>("/auth/sign-up", input),
  signIn: (input: SignInInput) => post<{ user: Profile }>("/auth/sign-in", input),
  signOut: () => post("/auth/sign-out", {}),
  resendConfirmation: (email: string) => post("/auth/resend-confirmation", { email }),
  confirmEmail: (token: string) => post("/auth/confirm-email", { token }),
  forgotPassword: (email: string) => post("/auth/forgot-password", { email }),
  resetPassword: (token: string, password: string) => post("/auth/reset-password", { token, password }),
  changePassword: (input: ChangePasswordInput) => post("/auth/change-password", input),
  forgotEmail: (username: string) => post("/auth/forgot-email", { username }),
  checkRecoveryLink: (token: string) =>
    api<{ valid: true; email: string; username: string }>(`/auth/email-recovery?token=${encodeURIComponent(token)}`),
  completeEmailRecovery: (input: CompleteEmailRecoveryInput) =>
    post<{ success: true; emailChanged: boolean; oldEmail: string; newEmail: string }>("/auth/email-recovery", input),
  usernameAvailability: (username: string) =>
    api<{ available: boolean; reason?: string }>(`/usernames/availability?username=${encodeURIComponent(username)}`),
};
