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
import { useInvitation } from "../api/invitation.js";
import { rememberDestination } from "../after-sign-up.js";
import { INVITATION_PARAM, type InvitationPreview } from "../../../../shared/schemas/organizations.js";
import { useSearchParams } from "react-router";
import { LoadingState } from "../../../components/ui/card.js";
import { useCooldown } from "../api/use-cooldown.js";
import { useUsernameAvailability } from "../api/use-username-availability.js";
import { TermsConsent } from "../../../components/ui/terms-consent.js";

/**
 * `claim`: a scan kept while signed out, which the confirmation link will carry to the new account.
 * An organisation's emailed invitation (the address's `invitation`) attaches only to its own
 * address, so that address is filled in and fixed.
 */
export default function SignUpForm({ claim }: { claim: string | null }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const invitation = params.get(INVITATION_PARAM);
  const invited = useInvitation(invitation);
  if (invitation && invited.isPending) return <LoadingState label={t("common.loading")} />;
  return <SignUpFields claim={claim} invitation={invited.data ?? null} invitationGone={invited.isError} params={params} />;
}

function SignUpFields({
  claim,
  invitation,
  invitationGone,
  params,
}: {
  claim: string | null;
  invitation: InvitationPreview | null;
  invitationGone: boolean;
  params: URLSearchParams;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const cooldown = useCooldown();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, control, watch, setError, formState } = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    // The browser's own country first: an en-CA phone starts at Canada, not Afghanistan.
    defaultValues: { username: "", email: invitation?.email ?? "", password: "", country: browserCountry() ?? "" },
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
      // On their way somewhere (the workplace area with a code): the confirmation leads there.
      rememberDestination(params.get("redirect"));
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
      {invitation && (
        <p role="status" className="rounded-xl border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
          {t(`auth.invitation.${invitation.role === "owner" ? "owner" : "member"}`, { organization: invitation.organizationName })}
        </p>
      )}
      {invitationGone && (
        <p role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t("auth.invitation.gone")}
        </p>
      )}
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
        readOnly={invitation !== null}
        hint={invitation ? t("auth.invitation.fixedEmail") : undefined}
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
