import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ImagePlus } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { GALLERY_IMAGE_TYPES, GALLERY_MAX_BYTES, galleryPostFieldsSchema } from "../../../shared/schemas/community.js";
import { Button } from "../../components/ui/button.js";
import { SelectField, TextAreaField } from "../../components/ui/field.js";
import { ApiError, errorMessage, fieldErrorText } from "../../lib/api.js";
import { queryKeys } from "../../lib/query-keys.js";
import { uploadPost, useLinkableActs } from "./api/gallery.js";

type Errors = Partial<Record<"photo" | "caption" | "actId", string>>;

/** A quick look at the choice before sending; the server decides by the content anyway. */
function fileProblem(file: File | null): "gallery.photoRequired" | "gallery.invalidType" | "gallery.tooLarge" | null {
  if (!file) return "gallery.photoRequired";
  if (!(GALLERY_IMAGE_TYPES as readonly string[]).includes(file.type)) return "gallery.invalidType";
  if (file.size > GALLERY_MAX_BYTES) return "gallery.tooLarge";
  return null;
}

/**
 * Sharing a photo: the photo (previewed), a description, and optionally one
 * of my acts. The bar shows the bytes really sent; then the server makes the
 * photo safe (re-encoding, no metadata) before it appears. Nothing typed is
 * lost when the server refuses. Shown in the gallery's "Share a photo" dialog;
 * `onShared` closes it.
 */
export function GalleryUploadForm({ onShared }: { onShared?: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const acts = useLinkableActs(true);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [caption, setCaption] = useState("");
  const [actId, setActId] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const submit = async () => {
    const problem = fileProblem(file);
    const fileError = problem && t(problem);
    const fields = galleryPostFieldsSchema.safeParse({ caption, ...(actId ? { actId } : {}) });
    const next: Errors = {};
    if (fileError) next.photo = fileError;
    if (!fields.success) next.caption = t(fields.error.issues[0]!.message as "validation.captionRequired");
    setErrors(next);
    if (fileError || !fields.success) return;
    const form = new FormData();
    form.set("caption", fields.data.caption);
    if (fields.data.actId) form.set("actId", fields.data.actId);
    form.set("photo", file!);
    setProgress(0);
    try {
      await uploadPost(form, setProgress);
      toast.success(t("gallery.uploaded"));
      setFile(null);
      setCaption("");
      setActId("");
      if (input.current) input.current.value = "";
      await client.invalidateQueries({ queryKey: queryKeys.gallery.all });
      onShared?.();
    } catch (error) {
      if (error instanceof ApiError && (error.field === "photo" || error.field === "caption" || error.field === "actId")) {
        setErrors({ [error.field]: fieldErrorText(error) });
      } else if (error instanceof ApiError && error.code === "image_invalid") {
        setErrors({ photo: error.message });
      } else {
        toast.error(error instanceof ApiError ? errorMessage(error) : t("gallery.uploadFailed"));
      }
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div>
        {/* The browser's own file control stays (keyboard, screen readers, the phone's camera and library), out of
              sight: its label is the designed button, which opens it. */}
        <input
          ref={input}
          id="gallery-photo"
          type="file"
          accept={GALLERY_IMAGE_TYPES.join(",")}
          aria-labelledby="gallery-photo-name gallery-photo-button"
          aria-invalid={errors.photo ? true : undefined}
          aria-describedby={`gallery-photo-hint${errors.photo ? " gallery-photo-error" : ""}`}
          disabled={uploading}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            setFile(chosen);
            const problem = chosen && fileProblem(chosen);
            setErrors((current) => ({ ...current, photo: problem ? t(problem) : undefined }));
          }}
          className="peer sr-only"
        />
        <label
          htmlFor="gallery-photo"
          className="block cursor-pointer rounded-xl peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand"
        >
          <span id="gallery-photo-name" className="block text-sm font-semibold text-slate-900">
            {t("gallery.photoLabel")}
          </span>
          <span
            id="gallery-photo-button"
            className={`mt-1 flex min-h-24 items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-3 font-semibold ${
              errors.photo ? "border-red-600 text-red-800" : "border-rose-300 bg-rose-50 text-brand-dark hover:bg-rose-100"
            }`}
          >
            <ImagePlus size={22} aria-hidden />
            {file ? t("gallery.changePhoto") : t("gallery.choosePhoto")}
          </span>
        </label>
        <p id="gallery-photo-hint" className="mt-1 text-sm text-slate-600">
          {t("gallery.photoHint")}
        </p>
        {errors.photo && (
          <p id="gallery-photo-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
            {errors.photo}
          </p>
        )}
        {preview && <img src={preview} alt={t("gallery.preview")} className="mt-2 max-h-48 rounded-lg object-contain" />}
      </div>
      <TextAreaField
        label={t("gallery.descriptionLabel")}
        rows={3}
        maxLength={500}
        placeholder={t("gallery.descriptionPlaceholder")}
        value={caption}
        error={errors.caption}
        disabled={uploading}
        onChange={(event) => setCaption(event.target.value)}
      />
      <SelectField
        label={t("gallery.actLabel")}
        value={actId}
        error={errors.actId}
        disabled={uploading}
        onChange={(event) => setActId(event.target.value)}
        placeholder={t("gallery.noAct")}
        options={(acts.data ?? []).map((act) => ({
          value: act.id,
          label: t("gallery.actOption", { number: act.number, organization: act.organizationName }),
        }))}
      />
      {uploading && (
        <div>
          <p className="text-sm text-slate-700" aria-live="polite">
            {percent < 100 ? t("gallery.uploading", { percent: `${percent} %` }) : t("gallery.processing")}
          </p>
          <div
            role="progressbar"
            aria-label={t("gallery.progressLabel")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="mt-1 h-2 overflow-hidden rounded-full bg-rose-100"
          >
            <div className="h-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        </div>
      )}
      <Button type="submit" disabled={uploading}>
        {t("gallery.share")}
      </Button>
    </form>
  );
}
