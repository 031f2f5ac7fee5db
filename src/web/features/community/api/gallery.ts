import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiErrorBody } from "../../../../shared/errors.js";
import type { GalleryPage, GalleryPost, GalleryStats, LikeResult, LinkableAct, ReportInput } from "../../../../shared/schemas/community.js";
import { api, ApiError } from "../../../lib/api.js";
import { currentLanguage, i18n } from "../../../lib/i18n.js";
import { queryKeys } from "../../../lib/query-keys.js";

export const galleryPostsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.gallery.posts,
    queryFn: ({ pageParam }): Promise<GalleryPage> => api(`/gallery/posts${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ""}`),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

export const useGalleryPosts = () => useInfiniteQuery(galleryPostsQueryOptions());

export const useGalleryStats = () =>
  useQuery({ queryKey: queryKeys.gallery.stats, queryFn: (): Promise<GalleryStats> => api("/gallery/stats") });

/** One post, for a shared link (`/acts-gallery?post=<id>`) that may point past the loaded pages. */
export const useGalleryPost = (postId: string | null) =>
  useQuery({
    queryKey: queryKeys.gallery.post(postId ?? ""),
    queryFn: (): Promise<GalleryPost> => api(`/gallery/posts/${encodeURIComponent(postId!)}`),
    enabled: postId !== null,
    retry: false,
  });

export const useLinkableActs = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.gallery.myActs,
    queryFn: async () => (await api<{ acts: LinkableAct[] }>("/gallery/my-acts")).acts,
    enabled,
  });

/**
 * POST /api/gallery/posts as a multipart form, through XMLHttpRequest: fetch
 * cannot report how much of a request body has been sent, and the progress
 * bar shows exactly that.
 */
export function uploadPost(form: FormData, onProgress: (fraction: number) => void): Promise<GalleryPost> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/gallery/posts");
    request.setRequestHeader("accept", "application/json");
    request.setRequestHeader("x-kindly-language", currentLanguage());
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      const body: unknown = (() => {
        try {
          return JSON.parse(request.responseText);
        } catch {
          return null;
        }
      })();
      if (request.status === 201) return resolve(body as GalleryPost);
      const error = (body as ApiErrorBody | null)?.error;
      reject(
        new ApiError(
          request.status,
          error?.code ?? "internal_error",
          error?.message ?? i18n.t("gallery.uploadFailed"),
          error?.field,
          error?.retryAfterSeconds,
        ),
      );
    });
    request.addEventListener("error", () => reject(new ApiError(0, "network", i18n.t("errors.network"))));
    request.send(form);
  });
}

function useRefreshGallery() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.gallery.all });
}

export function useSetPostLike() {
  const refresh = useRefreshGallery();
  return useMutation({
    mutationFn: ({ id, liked }: { id: string; liked: boolean }): Promise<LikeResult> =>
      api(`/gallery/posts/${encodeURIComponent(id)}/like`, { method: liked ? "PUT" : "DELETE" }),
    onSettled: refresh,
  });
}

export const countShare = (id: string): Promise<{ shares: number }> =>
  api(`/gallery/posts/${encodeURIComponent(id)}/shares`, { method: "POST" });

export function useDeletePost() {
  const refresh = useRefreshGallery();
  return useMutation({
    mutationFn: (id: string): Promise<void> => api(`/gallery/posts/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: refresh,
  });
}

export const reportPost = (id: string, report: ReportInput): Promise<{ ok: true }> =>
  api(`/gallery/posts/${encodeURIComponent(id)}/reports`, { method: "POST", body: report });
