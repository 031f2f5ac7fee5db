import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Keyboard } from "lucide-react";
import { SHORT_LINK_PREFIX, shortCodeFromTyped, typedCodeSchema } from "../../../shared/schemas/scans.js";
import { Button } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";
import { TextField } from "../../components/ui/field.js";
import { useFieldError } from "../../lib/use-field-error.js";
import { zodResolver } from "../../lib/zod-resolver.js";

/**
 * The camera's alternative, for whoever cannot aim one or whose camera cannot
 * read the code: the short address printed under every code, typed.
 * It opens as the printed link does (a page load the server redirects), and
 * without the network the app saves it to send later.
 */
export function TypedCode() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(typedCodeSchema), defaultValues: { code: "" } });
  const submit = handleSubmit(({ code }) => {
    window.location.assign(`${SHORT_LINK_PREFIX}${shortCodeFromTyped(code)!}`);
  });
  return (
    <Card className="mt-4 space-y-3" aria-labelledby="typed-code-title">
      <h2 id="typed-code-title" className="flex items-center gap-2 text-lg font-bold">
        <Keyboard size={20} aria-hidden />
        {t("scanner.typedTitle")}
      </h2>
      <form onSubmit={submit} noValidate className="space-y-3">
        <TextField
          label={t("scanner.typedLabel")}
          hint={t("scanner.typedHint", { example: `${window.location.host}${SHORT_LINK_PREFIX}AbC123xyz9` })}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          error={fieldError(formState.errors.code)}
          {...register("code")}
        />
        <Button type="submit">{t("scanner.typedSubmit")}</Button>
      </form>
    </Card>
  );
}
