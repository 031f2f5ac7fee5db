import { zodResolver } from "../../../lib/zod-resolver.js";
import { greetingName } from "../../../lib/greeting-name.js";
import { memo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { signInSchema, type SignInInput } from "../../../../shared/schemas/auth.js";
import type { Profile } from "../../../../shared/schemas/profile.js";
import { Button } from "../../../components/ui/button.js";
import { TextField } from "../../../components/ui/field.js";
import { showApiError } from "../../../lib/api-errors.js";
import { useFieldError } from "../../../lib/use-field-error.js";
import { emailSchema } from "../../../../shared/schemas/account-fields.js";
import { useResendConfirmation } from "../api/resend-confirmation.js";
import { useSignIn } from "../api/sign-in.js";

/**
 * `claim`: a scan kept while signed out, carried on by the resent confirmation and the password reset
 * (the server carries it only for this browser, which holds its cookie).
 * Memoised: the page around it re-renders as the page goes live and the session arrives, which
 * the form (the costliest part of the page to render) need not follow.
 */
export default memo(function SignInForm({ onSignedIn, claim }: { onSignedIn: (user: Profile) => void; claim: string | null }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [resending, setResending] = useState(false);
  const { register, handleSubmit, getValues, setError, formState } = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });

  const signIn = useSignIn();
  const resendConfirmation = useResendConfirmation();

  const submit = handleSubmit(async (input) => {
    try {
      const { user, firstSignIn, deletionCancelled } = await signIn.mutateAsync(input);
      toast.success(t(firstSignIn ? "auth.welcome" : "auth.welcomeBack", { username: greetingName(user, t) }));
      if (deletionCancelled) toast.success(t("auth.deletionCancelled"));
      onSignedIn(user);
    } catch (error) {
      showApiError(error);
    }
  });

  const resend = async () => {
    const email = emailSchema.safeParse(getValues("email"));
    if (!email.success) {
      setError("email", { message: "auth.resendNeedsEmail" });
      return;
    }
    setResending(true);
    try {
      await resendConfirmation.mutateAsync({ email: email.data, ...(claim ? { claim } : {}) });
      toast.success(t("auth.resendSent"));
    } catch (error) {
      showApiError(error, { rateLimitedMessage: "auth.tooManyRequests" });
    } finally {
      setResending(false);
    }
  };

  return (
    // Until the page is live the fields take no typing (TextField) and nothing
    // submits (Button); method="post" keeps anything the browser might still
    // send out of the address bar.
    <form method="post" onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label={t("common.email")}
        type="email"
        autoComplete="email"
        error={fieldError(formState.errors.email)}
        {...register("email")}
      />
      <TextField
        label={t("common.password")}
        type="password"
        autoComplete="current-password"
        error={fieldError(formState.errors.password)}
        {...register("password")}
      />
      <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t("auth.signingIn") : t("auth.signInButton")}
      </Button>
      <div className="flex flex-col items-center gap-2 text-sm">
        <Link
          to={claim ? `/forgot-password?${new URLSearchParams({ claim }).toString()}` : "/forgot-password"}
          className="font-medium text-brand-dark underline-offset-2 hover:underline"
        >
          {t("auth.forgotPassword")}
        </Link>
        <Link to="/forgot-email" className="font-medium text-brand-dark underline-offset-2 hover:underline">
          {t("auth.forgotEmail")}
        </Link>
        <Button variant="ghost" onClick={() => void resend()} disabled={resending}>
          {t("auth.resendConfirmation")}
        </Button>
      </div>
    </form>
  );
});
