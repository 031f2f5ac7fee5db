import { useDeferredValue, useState } from "react";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../components/ui/field.js";
import { useAdminOrganizations } from "./api/organizations.js";

/** Picks an organisation by searching its name or code (the list can be long): a search box, then the matches. */
export function OrganizationChoice({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (organizationId: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState("");
  const matches = useAdminOrganizations(useDeferredValue(query.trim()), 1);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const options = (matches.data?.items ?? []).map((o) => ({ value: o.id, label: `${o.name} (${o.orgCode})` }));
  // The choice stays listed while the search shows other organisations.
  if (chosen && chosen.value === value && !options.some((o) => o.value === value)) options.unshift(chosen);
  return (
    <div className="space-y-2">
      <TextField label={t("admin.organizations.search")} type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      <SelectField
        label={t("admin.manual.organization")}
        value={value}
        error={error}
        onChange={(e) => {
          setChosen(options.find((o) => o.value === e.target.value) ?? null);
          onChange(e.target.value);
        }}
        placeholder={t("admin.manual.chooseOrganization")}
        options={options}
      />
    </div>
  );
}
