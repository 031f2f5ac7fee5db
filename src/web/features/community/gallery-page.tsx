import { useState } from "react";
import { useSearchParams } from "react-router";
import { ImagePlus } from "lucide-react";
import { Button } from "../../components/ui/button.js";
import { useTranslation } from "react-i18next";
import type { GalleryPost } from "../../../shared/schemas/community.js";
import { LoadingState, Page, PageTitle } from "../../components/ui/card.js";
import { Dialog } from "../../components/ui/dialog.js";
import { StatTile } from "../../components/ui/stat-tile.js";
import { useSession } from "../../lib/session.js";
import { useGalleryPost, useGalleryPosts, useGalleryStats } from "./api/gallery.js";
import { GuidelinesCard, SignInToTakePart } from "./community-cards.js";
import { GalleryPostCard, PostImage, PostMeta } from "./gallery-post-card.js";
import { GalleryUploadForm } from "./gallery-upload-form.js";
import { FeedSection } from "./feed-section.js";
import { numberFormat } from "../../../shared/i18n/format.js";

/** The full view of one post; its address (`?post=<id>`) is the one people share. */
function FullView({
  postId,
  loaded,
  signedIn,
  onClose,
}: {
  postId: string;
  loaded: GalleryPost | undefined;
  signedIn: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fetched = useGalleryPost(loaded ? null : postId);
  const post = loaded ?? fetched.data;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={post ? post.caption.slice(0, 80) : t("gallery.title")}>
      {post ? (
        <>
          <PostImage image={post.image} alt={post.caption} eager className="rounded-lg" />
          <PostMeta post={post} signedIn={signedIn} />
        </>
      ) : fetched.isError ? (
        <p role="alert">{t("gallery.postMissing")}</p>
      ) : (
        <LoadingState label={t("common.loading")} />
      )}
    </Dialog>
  );
}

/** The gallery's "Share a photo": one designed button, and the form in a dialog that closes once the photo is shared. */
function ShareAPhoto() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} className="w-full sm:w-auto">
        <ImagePlus size={18} aria-hidden />
        {t("gallery.shareAPhoto")}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t("gallery.uploadTitle")}>
        <GalleryUploadForm onShared={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

/** /acts-gallery: photos of acts, newest first, live; visitors look, members share. */
export default function GalleryPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const posts = useGalleryPosts();
  const stats = useGalleryStats();
  const [params, setParams] = useSearchParams();
  const openId = params.get("post");
  const number = numberFormat(i18n.language);
  const all = posts.data?.pages.flatMap((page) => page.posts) ?? [];
  const setOpen = (id: string | null) => setParams(id ? { post: id } : {}, { replace: !id });

  return (
    <Page>
      <PageTitle intro={t("gallery.intro")}>{t("gallery.title")}</PageTitle>
      <dl className="grid grid-cols-3 gap-3">
        <StatTile label={t("gallery.photos")} value={stats.data ? number.format(stats.data.photos) : "—"} />
        <StatTile label={t("gallery.totalLikes")} value={stats.data ? number.format(stats.data.likes) : "—"} />
        <StatTile label={t("gallery.shares")} value={stats.data ? number.format(stats.data.shares) : "—"} />
      </dl>
      {/* The photos first; sharing one is a button away (a dialog), not a form above them. */}
      <div className="mt-4">{user ? <ShareAPhoto /> : <SignInToTakePart />}</div>
      <FeedSection
        id="gallery-grid-title"
        title={t("gallery.gridTitle")}
        query={posts}
        count={all.length}
        failed={t("gallery.loadFailed")}
        empty={t("gallery.empty")}
      >
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {all.map((post) => (
            <GalleryPostCard key={post.id} post={post} signedIn={Boolean(user)} onOpen={() => setOpen(post.id)} />
          ))}
        </ul>
      </FeedSection>
      <div className="mt-6">
        <GuidelinesCard />
      </div>
      {openId && (
        <FullView postId={openId} loaded={all.find((post) => post.id === openId)} signedIn={Boolean(user)} onClose={() => setOpen(null)} />
      )}
    </Page>
  );
}
