import { useEffect, useRef, useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { FileText } from "lucide-react";
import { DESIGNS_BY_SOURCE, type Paper, type PrintDesign } from "../../../shared/schemas/organizations.js";
import { SelectField } from "../../components/ui/field.js";
import { firstPageImage } from "../../lib/pdf-preview.js";
import { codeFileUrl, type CodeSource } from "./api/codes.js";

const LINK =
  "inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold hover:bg-slate-50";
const PREVIEW_WIDTH = 240;

/**
 * The print kit in the QR dialog: which design and paper, a preview of the
 * design's first page, and its PDF to download. A portable series prints its
 * numbered cards from `from` on.
 */
export function PrintKitSection(props: {
  organizationId: string;
  source: CodeSource;
  id: string;
  portable: boolean;
  from: number;
  /** Brought into view with its heading focused when it appears (the set-up checklist's "Print the kit"). */
  focusOnShow?: boolean;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const focusOnShow = props.focusOnShow ?? false;
  useEffect(() => {
    if (!focusOnShow) return;
    // After the dialog's own first focus, which its opening schedules.
    const frame = requestAnimationFrame(() => {
      heading.current?.scrollIntoView({ block: "start" });
      heading.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [focusOnShow]);
  const designs: readonly PrintDesign[] = DESIGNS_BY_SOURCE[props.source];
  const [design, setDesign] = useState<PrintDesign>(designs[0]!);
  const [paper, setPaper] = useState<Paper>("letter");
  const url = codeFileUrl(props.organizationId, props.source, props.id, "pdf", {
    design,
    paper,
    ...(props.portable ? { from: props.from } : {}),
  });

  return (
    <section aria-labelledby="print-kit-title" className="space-y-3 rounded-lg border border-slate-200 p-3">
      <h3 id="print-kit-title" ref={heading} tabIndex={-1} className="font-semibold">
        {t("dashboard.codes.printKit")}
      </h3>
      <div className="flex flex-wrap gap-2">
        <div className="min-w-48 flex-1">
          <SelectField
            label={t("dashboard.codes.design")}
            value={design}
            onChange={(e) => setDesign(e.target.value as PrintDesign)}
            options={designs.map((value) => ({ value, label: t(`dashboard.codes.designs.${value}`) }))}
          />
        </div>
        <div className="w-32">
          <SelectField
            label={t("dashboard.codes.paper")}
            value={paper}
            onChange={(e) => setPaper(e.target.value as Paper)}
            options={[
              { value: "letter", label: t("dashboard.codes.letter") },
              { value: "a4", label: "A4" },
            ]}
          />
        </div>
      </div>
      <Preview url={`${url}&purpose=preview`} alt={t("dashboard.codes.previewAlt", { design: t(`dashboard.codes.designs.${design}`) })} />
      <a className={LINK} href={url} download>
        <FileText size={16} aria-hidden /> {downloadLabel(t, design, props.portable, props.from)}
      </a>
    </section>
  );
}

function downloadLabel(t: TFunction, design: PrintDesign, portable: boolean, from: number) {
  if (design.startsWith("poster")) return t("dashboard.codes.poster");
  if (design === "tent") return t("dashboard.codes.tent");
  if (design === "stickers") return portable ? t("dashboard.codes.stickersFrom", { from }) : t("dashboard.codes.stickers");
  return portable ? t("dashboard.codes.sheetFrom", { from }) : t("dashboard.codes.sheet");
}

/** The first page as it will print; the figure keeps its place while it is drawn. */
function Preview({ url, alt }: { url: string; alt: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ url: string; image: string | null; failed: boolean }>({ url: "", image: null, failed: false });
  useEffect(() => {
    let image: string | null = null;
    let current = true;
    firstPageImage(url, PREVIEW_WIDTH).then(
      (made) => {
        image = made;
        if (current) setState({ url, image: made, failed: false });
        else URL.revokeObjectURL(made);
      },
      () => current && setState({ url, image: null, failed: true }),
    );
    return () => {
      current = false;
      if (image) URL.revokeObjectURL(image);
    };
  }, [url]);
  const ready = state.url === url;

  return (
    <figure className="space-y-1">
      <figcaption className="text-sm text-slate-700">{t("dashboard.codes.preview")}</figcaption>
      {ready && state.image ? (
        <img src={state.image} alt={alt} width={PREVIEW_WIDTH} className="w-60 rounded border border-slate-300 shadow-sm" />
      ) : ready && state.failed ? (
        <p role="status" className="text-sm text-slate-700">
          {t("dashboard.codes.previewFailed")}
        </p>
      ) : (
        <div
          role="status"
          className="flex h-72 w-60 items-center justify-center rounded border border-slate-200 bg-slate-50 text-sm text-slate-600"
        >
          {t("dashboard.codes.previewLoading")}
        </div>
      )}
    </figure>
  );
}
