import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Building2, Check, HeartHandshake, Megaphone } from "lucide-react";
import {
  INDUSTRIES,
  ORGANIZATION_TYPES,
  PLANS,
  PRIORITIES,
  organizationRequestSchema,
  type OrganizationRequestInput,
  type Plan,
} from "../../../shared/schemas/organizations.js";
import { Button, ButtonLink } from "../../components/ui/button.js";
import { Card, Page, PageTitle } from "../../components/ui/card.js";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field.js";
import { showApiError } from "../../lib/api-errors.js";
import { useSession } from "../../lib/session.js";
import { useFieldError } from "../../lib/use-field-error.js";
import { zodResolver } from "../../lib/zod-resolver.js";
import { useMyRequests } from "./api/get-my-requests.js";
import { useSubmitOrganizationRequest } from "./api/submit-organization-request.js";
import { dateFormat } from "../../../shared/i18n/format.js";

const BENEFITS = {
  wellbeing: ["benefitWellbeing1", "benefitWellbeing2", "benefitWellbeing3"],
  visibility: ["benefitVisibility1", "benefitVisibility2", "benefitVisibility3"],
} as const;

function Benefits() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {(
        [
          ["wellbeing", HeartHandshake],
          ["visibility", Megaphone],
        ] as const
      ).map(([group, Icon]) => (
        <Card key={group}>
          <h2 className="flex items-center gap-2 text-lg font-bold">
            <Icon size={20} aria-hidden className="text-brand" /> {t(`registerOrganization.${group}Title`)}
          </h2>
          <ul className="mt-3 space-y-2 text-sm text-slate-700">
            {BENEFITS[group].map((key) => (
              <li key={key} className="flex gap-2">
                <Check size={16} aria-hidden className="mt-0.5 shrink-0 text-emerald-700" />
                {t(`registerOrganization.${key}`)}
              </li>
            ))}
          </ul>
        </Card>
      ))}
    </div>
  );
}

/** docs/spec/organisation.md §4: a plan is chosen (and can be changed) before the form is sent. */
function PlanChoice({ value, onChange, error }: { value: Plan | undefined; onChange: (plan: Plan) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="plans-title" className="space-y-3">
      <h2 id="plans-title" className="text-xl font-bold">
        {t("registerOrganization.plansTitle")}
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        {PLANS.map((plan) => (
          <Card key={plan} className={`flex flex-col ${value === plan ? "ring-2 ring-brand" : ""}`}>
            <h3 className="font-bold">{t(`registerOrganization.plan.${plan}`)}</h3>
            <p className="mt-1 flex-1 text-sm text-slate-700">{t(`registerOrganization.planBody.${plan}`)}</p>
            <Button
              variant={value === plan ? "primary" : "secondary"}
              className="mt-3"
              aria-pressed={value === plan}
              onClick={() => onChange(plan)}
            >
              {value === plan
                ? t("registerOrganization.planSelected", { plan: t(`registerOrganization.plan.${plan}`) })
                : t("registerOrganization.selectPlan", { plan: t(`registerOrganization.plan.${plan}`) })}
            </Button>
          </Card>
        ))}
      </div>
      {error && <p className="text-sm text-red-700">{error}</p>}
    </section>
  );
}

function MyRequests() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const requests = useMyRequests(Boolean(user));
  if (!user || !requests.data?.requests.length) return null;
  const date = dateFormat(i18n.language, { dateStyle: "medium" });
  return (
    <Card>
      <h2 className="text-lg font-bold">{t("registerOrganization.myRequests")}</h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {requests.data.requests.map((request) => (
          <li key={request.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>
              <strong>{request.organizationName}</strong> · {date.format(new Date(request.createdAt))}
            </span>
            <span className="rounded-full bg-slate-100 px-3 py-1 font-semibold">{t(`registerOrganization.status.${request.status}`)}</span>
            {request.status === "declined" && request.declineReason && (
              <p className="w-full text-slate-700">{t("registerOrganization.declinedBecause", { reason: request.declineReason })}</p>
            )}
            {request.status === "approved" && (
              <ButtonLink to="/business-dashboard" variant="secondary" className="w-full sm:w-auto">
                {t("registerOrganization.openDashboard")}
              </ButtonLink>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

const EMPTY: OrganizationRequestInput = {
  contactName: "",
  organizationName: "",
  type: "company",
  industry: "" as never,
  email: "",
  phone: "",
  website: "",
  description: "",
  plan: undefined as never,
  priority: "" as never,
};

/** /register-organization and /for-organisations: benefits, plans, the request form, then thanks. */
export default function RegisterOrganizationPage() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { user } = useSession();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState, setValue, watch, reset } = useForm<OrganizationRequestInput>({
    resolver: zodResolver(organizationRequestSchema),
    defaultValues: { ...EMPTY, email: user?.email ?? "" },
  });
  const submitRequest = useSubmitOrganizationRequest();
  const plan = watch("plan");
  const submit = handleSubmit(async (input) => {
    try {
      await submitRequest.mutateAsync(input);
      setSentTo(input.email);
      reset({ ...EMPTY, email: user?.email ?? "" });
      window.scrollTo(0, 0);
    } catch (error) {
      showApiError(error);
    }
  });

  if (sentTo) {
    return (
      <Page narrow>
        <Card className="space-y-3 text-center">
          <Building2 size={40} aria-hidden className="mx-auto text-brand" />
          <h1 className="text-2xl font-bold">{t("registerOrganization.thanksTitle")}</h1>
          <p className="text-slate-700">{t("registerOrganization.thanksBody", { email: sentTo })}</p>
          {!user && <p className="text-sm text-slate-700">{t("registerOrganization.thanksSignIn")}</p>}
          <Button variant="secondary" onClick={() => setSentTo(null)}>
            {t("registerOrganization.another")}
          </Button>
        </Card>
        <div className="mt-4">
          <MyRequests />
        </div>
      </Page>
    );
  }

  return (
    <Page>
      <PageTitle intro={t("registerOrganization.intro")}>{t("registerOrganization.title")}</PageTitle>
      <div className="space-y-6">
        <MyRequests />
        <Benefits />
        <PlanChoice
          value={plan}
          onChange={(value) => setValue("plan", value, { shouldValidate: formState.isSubmitted })}
          error={fieldError(formState.errors.plan)}
        />
        <Card>
          <h2 className="text-xl font-bold">{t("registerOrganization.formTitle")}</h2>
          <form onSubmit={submit} noValidate className="mt-4 space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={t("registerOrganization.contactName")}
                autoComplete="name"
                error={fieldError(formState.errors.contactName)}
                {...register("contactName")}
              />
              <TextField
                label={t("registerOrganization.organizationName")}
                autoComplete="organization"
                error={fieldError(formState.errors.organizationName)}
                {...register("organizationName")}
              />
              <TextField
                label={t("registerOrganization.email")}
                type="email"
                autoComplete="email"
                error={fieldError(formState.errors.email)}
                {...register("email")}
              />
              <TextField
                label={t("registerOrganization.phone")}
                type="tel"
                autoComplete="tel"
                error={fieldError(formState.errors.phone)}
                {...register("phone")}
              />
              <SelectField
                label={t("registerOrganization.type")}
                options={ORGANIZATION_TYPES.map((value) => ({ value, label: t(`organizationTypes.${value}`) }))}
                error={fieldError(formState.errors.type)}
                {...register("type")}
              />
              <SelectField
                label={t("registerOrganization.industry")}
                placeholder={t("registerOrganization.choose")}
                options={INDUSTRIES.map((value) => ({ value, label: t(`industries.${value}`) })).sort((a, b) =>
                  a.label.localeCompare(b.label),
                )}
                error={fieldError(formState.errors.industry)}
                {...register("industry")}
              />
            </div>
            <SelectField
              label={t("registerOrganization.priority")}
              placeholder={t("registerOrganization.choose")}
              options={PRIORITIES.map((value) => ({ value, label: t(`registerOrganization.priorities.${value}`) }))}
              error={fieldError(formState.errors.priority)}
              {...register("priority")}
            />
            <TextField
              label={t("registerOrganization.website")}
              type="url"
              autoComplete="url"
              hint={t("common.optional")}
              error={fieldError(formState.errors.website)}
              {...register("website")}
            />
            <TextAreaField
              label={t("registerOrganization.comments")}
              error={fieldError(formState.errors.description)}
              {...register("description")}
            />
            {formState.errors.plan && (
              <p role="alert" className="text-sm text-red-700">
                {fieldError(formState.errors.plan)}
              </p>
            )}
            <Button type="submit" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? t("common.sending") : t("registerOrganization.submit")}
            </Button>
            <p className="text-sm text-slate-700">{t("registerOrganization.followUp")}</p>
          </form>
        </Card>
      </div>
    </Page>
  );
}
