import { useState } from "react";
import { ImageOff, Share2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { useQueryClient } from "@tanstack/react-query";
import type { GalleryPost } from "../../../shared/schemas/community.js";
import { Button } from "../../components/ui/button.js";
import { queryKeys } from "../../lib/query-keys.js";
import { countShare, reportPost, useDeletePost, useSetPostLike } from "./api/gallery.js";
import { ItemActions } from "./item-actions.js";
import { LikeButton } from "./like-button.js";

/** An image whose size is reserved before it loads (no jump), with a placeholder if it fails. */
export function PostImage({
  image,
  alt,
  eager = false,
  className = "",
}: {
  image: GalleryPost["image"];
  alt: string;
  eager?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div
        role="img"
        aria-label={t("gallery.imageUnavailable")}
        style={{ aspectRatio: `${image.width} / ${image.height}` }}
        className={`flex w-full items-center justify-center bg-slate-100 text-slate-500 ${className}`}
      >
        <ImageOff size={32} aria-hidden />
      </div>
    );
  }
  return (
    <img
      src={image.url}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      onError={() => setFailed(true)}
      style={{ aspectRatio: `${image.width} / ${image.height}` }}
      className={`h-auto w-full bg-slate-100 object-cover ${className}`}
    />
  );
}

/** Shares a post's link: the device's own share sheet where there is one, else the clipboard. Either way it counts. */
async function sharePost(post: GalleryPost, text: string): Promise<"shared" | "copied" | "cancelled"> {
  const url = `${window.location.origin}/acts-gallery?post=${encodeURIComponent(post.id)}`;
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: text, text: post.caption, url });
    } catch (error) {
      if ((error as DOMException).name === "AbortError") return "cancelled";
      throw error;
    }
    return "shared";
  }
  await navigator.clipboard.writeText(url);
  return "copied";
}

export function PostMeta({ post, signedIn }: { post: GalleryPost; signedIn: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const like = useSetPostLike();
  const remove = useDeletePost();
  const share = async () => {
    try {
      const outcome = await sharePost(post, t("gallery.shareText"));
      if (outcome === "cancelled") return;
      await countShare(post.id);
      if (outcome === "copied") toast.success(t("gallery.shared"));
      await client.invalidateQueries({ queryKey: queryKeys.gallery.all });
    } catch {
      toast.error(t("gallery.shareFailed"));
    }
  };
  return (
    <div className="p-3">
      <p className="whitespace-pre-wrap break-words text-slate-900">{post.caption}</p>
      <p className="mt-1 text-sm text-slate-600">{t("gallery.by", { username: post.username })}</p>
      {post.act && (
        <p className="mt-1 inline-block rounded-full bg-rose-50 px-2 py-0.5 text-xs font-semibold text-brand-dark">
          {t("gallery.actBadge", { number: post.act.number, organization: post.act.organizationName })}
        </p>
      )}
      <div className="mt-1 flex items-center gap-1">
        <LikeButton
          likes={post.likes}
          liked={post.likedByMe}
          signedIn={signedIn}
          busy={like.isPending}
          onToggle={(liked) => like.mutate({ id: post.id, liked }, { onError: () => toast.error(t("community.likeFailed")) })}
        />
        <Button variant="ghost" onClick={() => void share()} className="rounded-full">
          <Share2 size={18} aria-hidden />
          {t("gallery.shareButton")}
          <span className="tabular-nums text-slate-600">{post.shares}</span>
        </Button>
        <span className="ml-auto">
          <ItemActions
            mine={post.mine}
            signedIn={signedIn}
            report={(report) => reportPost(post.id, report)}
            remove={{
              run: () => remove.mutateAsync(post.id),
              busy: remove.isPending,
              title: t("gallery.deleteTitle"),
              description: t("gallery.deleteBody"),
              done: t("gallery.deleted"),
            }}
          />
        </span>
      </div>
    </div>
  );
}

/** One post in the grid: its thumbnail opens the full view. */
export function GalleryPostCard({ post, signedIn, onOpen }: { post: GalleryPost; signedIn: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="overflow-hidden rounded-2xl border border-rose-100 bg-white" data-testid="gallery-post">
      <button
        type="button"
        onClick={onOpen}
        className="block w-full focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand"
        aria-label={t("gallery.open", { caption: post.caption })}
      >
        <PostImage image={post.thumbnail} alt="" />
      </button>
      <PostMeta post={post} signedIn={signedIn} />
    </li>
  );
}
