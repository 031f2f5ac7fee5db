import { useDeferredValue, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { createOrganizationSchema, type CreateOrganizationInput } from "../../../shared/schemas/admin.js";
import { INDUSTRIES, ORGANIZATION_TYPES } from "../../../shared/schemas/organizations.js";
import { Button, ButtonLink } from "../../components/ui/button.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { SelectField, TextField } from "../../components/ui/field.js";
import { showApiError } from "../../lib/api-errors.js";
import { useFieldError } from "../../lib/use-field-error.js";
import { zodResolver } from "../../lib/zod-resolver.js";
import { useAdminOrganizations, useCreateOrganization } from "./api/organizations.js";
import { Pager } from "./pager.js";
import { industryLabel } from "../../lib/industry-label.js";
import { dateFormat } from "../../../shared/i18n/format.js";

function CreateOrganizationForm() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const create = useCreateOrganization();
  const { register, handleSubmit, formState, reset, setError } = useForm<CreateOrganizationInput>({
    resolver: zodResolver(createOrganizationSchema),
    defaultValues: { name: "", type: "company", industry: "", orgCode: "" },
  });
  const submit = handleSubmit(async (input) => {
    try {
      await create.mutateAsync(input);
      toast.success(t("admin.organizations.created"));
      reset();
    } catch (error) {
      showApiError(error, { form: { setError, fields: ["name", "orgCode"] } });
    }
  });
  return (
    <Card>
      <h3 className="text-lg font-bold">{t("admin.organizations.create")}</h3>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField label={t("admin.organizations.name")} error={fieldError(formState.errors.name)} {...register("name")} />
        <TextField
          label={t("admin.organizations.orgCode")}
          hint={t("admin.organizations.orgCodeHelp")}
          autoCapitalize="characters"
          error={fieldError(formState.errors.orgCode)}
          {...register("orgCode")}
        />
        <SelectField
          label={t("admin.organizations.type")}
          options={ORGANIZATION_TYPES.map((value) => ({ value, label: t(`admin.organizations.types.${value}`) }))}
          {...register("type")}
        />
        <SelectField
          label={t("admin.organizations.industry")}
          placeholder={t("admin.organizations.noIndustry")}
          options={INDUSTRIES.map((value) => ({ value, label: t(`industries.${value}`) }))}
          error={fieldError(formState.errors.industry)}
          {...register("industry")}
        />
        <div className="sm:col-span-2">
          <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
            {t("admin.organizations.submit")}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** All organisations, newest first, searchable; each opens its dashboard as the official account. */
export function OrganizationsTab() {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const search = useDeferredValue(query.trim());
  const list = useAdminOrganizations(search, page);
  const date = dateFormat(i18n.language, { dateStyle: "medium" });
  return (
    <section aria-labelledby="organizations-title" className="space-y-4">
      <h2 id="organizations-title" className="text-xl font-bold">
        {t("admin.organizations.title")}
      </h2>
      <CreateOrganizationForm />
      <Card className="space-y-3">
        <TextField
          label={t("admin.organizations.search")}
          type="search"
          value={query}
          onChange={(e) => (setQuery(e.target.value), setPage(1))}
        />
        {list.isPending ? (
          <LoadingState label={t("common.loading")} />
        ) : list.error ? (
          <p role="alert">{t("admin.loadFailed")}</p>
        ) : list.data.items.length === 0 ? (
          <p className="text-slate-700">{search ? t("admin.organizations.none") : t("admin.organizations.empty")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.data.items.map((org) => (
              <li key={org.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="text-sm">
                  <p className="font-semibold">
                    {org.name} <span className="font-mono text-slate-600">{org.orgCode}</span>
                  </p>
                  <p className="text-slate-700">
                    {t(`admin.organizations.types.${org.type}`)}
                    {org.industry && ` · ${industryLabel(t, org.industry)}`} · {t("admin.organizations.members", { count: org.members })} ·{" "}
                    {t("admin.organizations.createdOn", { date: date.format(new Date(org.createdAt)) })}
                  </p>
                </div>
                <ButtonLink variant="secondary" to={`/business-dashboard?org=${encodeURIComponent(org.id)}`}>
                  {t("admin.organizations.openDashboard", { name: org.name })}
                </ButtonLink>
              </li>
            ))}
          </ul>
        )}
        {list.data && <Pager page={page} hasMore={list.data.hasMore} onPage={setPage} label={t("admin.organizations.title")} />}
      </Card>
    </section>
  );
}
