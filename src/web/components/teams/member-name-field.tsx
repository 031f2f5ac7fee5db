import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../lib/session.js";
import { TextField } from "../ui/field.js";

/**
 * The name a person goes by in a team (issue 60 §5), asked on creating or
 * joining one: prefilled with their username, which they may change to the
 * name their friends know. Only the team's members see it.
 */
export function useMemberName(): [string, (name: string) => void] {
  const { user } = useSession();
  const [name, setName] = useState(user?.username ?? "");
  const [touched, setTouched] = useState(false);
  // The session may arrive after the form: fill it in then, unless the person typed already.
  useEffect(() => {
    if (!touched && user?.username) setName(user.username);
  }, [touched, user?.username]);
  return [
    name,
    (next) => {
      setTouched(true);
      setName(next);
    },
  ];
}

export function MemberNameField({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t("teams.memberName")}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hint={t("teams.memberNameHint")}
      autoComplete="given-name"
    />
  );
}
