import { zodResolver } from "../../../lib/zod-resolver.js";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { signUpSchema, type SignUpInput } from "../../../../shared/schemas/auth.js";
import { Button } from "../../../components/ui/button.js";
import { CountrySelect } from "../../../components/ui/country-select.js";
import { browserCountry } from "../../../lib/browser-country.js";
import { TextField } from "../../../components/ui/field.js";
import { showApiError } from "../../../lib/api-errors.js";
import { useFieldError } from "../../../lib/use-field-error.js";
import { useSignUp } from "../api/sign-up.js";
import { useCooldown } from "../api/use-cooldown.js";
import { useUsernameAvailability } from "../api/use-username-availability.js";
import { TermsConsent } from "../../../components/ui/terms-consent.js";

/** `claim`: a scan kept while signed out, which the confirmation link will carry to the new account. */
export default function SignUpForm({ claim }: { claim: string | null }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const cooldown = useCooldown();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, control, watch, setError, formState } = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    // The browser's own country first: an en-CA phone starts at Canada, not Afghanistan.
    defaultValues: { username: "", email: "", password: "", country: browserCountry() ?? "" },
  });
  const availability = useUsernameAvailability(watch("username"));
  const signUp = useSignUp();

  const submit = handleSubmit(async (input) => {
    if (availability.available === false) {
      setError("username", { message: "validation.usernameNotAvailable" });
      return;
    }
    try {
      await signUp.mutateAsync({ ...input, ...(claim ? { claim } : {}) });
      setSentTo(input.email);
      toast.success(t("auth.checkEmailTitle"));
    } catch (error) {
      // The button waits as long as the server asked (its Retry-After).
      showApiError(error, {
        form: { setError, fields: ["username", "email", "password", "country"] },
        rateLimitedMessage: "auth.tooManyRequests",
        onRateLimited: cooldown.start,
      });
    }
  });

  if (sentTo) {
    return (
      <div role="status" className="space-y-2 rounded-xl bg-emerald-50 p-4 text-emerald-900">
        <h2 className="font-bold">{t("auth.checkEmailTitle")}</h2>
        <p>{t("auth.checkEmail", { email: sentTo })}</p>
      </div>
    );
  }

  const usernameHint = availability.message ? (
    <span className={availability.available ? "text-emerald-700" : availability.isChecking ? "" : "text-red-700"} aria-live="polite">
      {availability.message}
    </span>
  ) : (
    t("auth.usernameHint")
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label={t("common.username")}
        autoComplete="username"
        error={fieldError(formState.errors.username)}
        hint={usernameHint}
        {...register("username")}
      />
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
        autoComplete="new-password"
        hint={t("auth.passwordHint")}
        error={fieldError(formState.errors.password)}
        {...register("password")}
      />
      <Controller
        control={control}
        name="country"
        render={({ field, fieldState }) => (
          <CountrySelect
            label={t("country.label")}
            value={field.value}
            onChange={field.onChange}
            hint={t("country.rankingNote")}
            error={fieldError(fieldState.error)}
          />
        )}
      />
      <TermsConsent />
      <Button type="submit" className="w-full" disabled={formState.isSubmitting || cooldown.remaining > 0}>
        {cooldown.remaining > 0
          ? t("auth.cooldown", { seconds: cooldown.remaining })
          : formState.isSubmitting
            ? t("auth.signingUp")
            : t("auth.signUpButton")}
      </Button>
    </form>
  );
}
