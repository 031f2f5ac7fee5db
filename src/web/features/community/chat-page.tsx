import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { ChatMessage } from "../../../shared/schemas/community.js";
import { Page, PageTitle } from "../../components/ui/card.js";
import { StatTile } from "../../components/ui/stat-tile.js";
import { formatRelativeTime, useNow } from "../../lib/format.js";
import { useSession } from "../../lib/session.js";
import { reportMessage, useChatMessages, useChatStats, useDeleteMessage, useSetMessageLike } from "./api/chat.js";
import { ChatComposer } from "./chat-composer.js";
import { GuidelinesCard, SignInToTakePart } from "./community-cards.js";
import { ItemActions } from "./item-actions.js";
import { LikeButton } from "./like-button.js";
import { FeedSection } from "./feed-section.js";
import { dateFormat, numberFormat } from "../../../shared/i18n/format.js";

function MessageItem({ message, signedIn, now }: { message: ChatMessage; signedIn: boolean; now: Date }) {
  const { t, i18n } = useTranslation();
  const like = useSetMessageLike();
  const remove = useDeleteMessage();
  const at = new Date(message.createdAt);
  return (
    <li className="flex gap-3 p-3" data-testid="chat-message">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-bold text-slate-900">{message.username}</span>
          {message.mine && <span className="text-slate-600">({t("chat.you")})</span>}
          <time
            dateTime={message.createdAt}
            title={dateFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(at)}
            className="text-slate-600"
          >
            {formatRelativeTime(at, now, i18n.language)}
          </time>
        </p>
        {/* Text, never markup: links and tags show as typed. */}
        <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{message.body}</p>
        <LikeButton
          likes={message.likes}
          liked={message.likedByMe}
          signedIn={signedIn}
          busy={like.isPending}
          onToggle={(liked) => like.mutate({ id: message.id, liked }, { onError: () => toast.error(t("community.likeFailed")) })}
        />
      </div>
      <ItemActions
        mine={message.mine}
        signedIn={signedIn}
        report={(report) => reportMessage(message.id, report)}
        remove={{
          run: () => remove.mutateAsync(message.id),
          busy: remove.isPending,
          title: t("chat.deleteTitle"),
          description: t("chat.deleteBody"),
          done: t("chat.deleted"),
        }}
      />
    </li>
  );
}

/** /community-chat: the movement's conversation, live; visitors read, members write. */
export default function ChatPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const messages = useChatMessages();
  const stats = useChatStats();
  const now = useNow();
  const number = numberFormat(i18n.language);
  const all = messages.data?.pages.flatMap((page) => page.messages) ?? [];

  return (
    <Page>
      <PageTitle intro={t("chat.intro")}>{t("chat.title")}</PageTitle>
      <dl className="grid grid-cols-2 gap-3">
        <StatTile label={t("chat.activeMembers")} value={stats.data ? number.format(stats.data.activeMembers) : "—"} />
        <StatTile label={t("chat.messagesToday")} value={stats.data ? number.format(stats.data.messagesToday) : "—"} />
      </dl>
      <div className="mt-4">{user ? <ChatComposer /> : <SignInToTakePart />}</div>
      <FeedSection
        id="chat-feed-title"
        title={t("chat.feedTitle")}
        query={messages}
        count={all.length}
        failed={t("chat.loadFailed")}
        empty={t("chat.empty")}
      >
        <ul aria-live="polite" className="divide-y divide-slate-100 rounded-2xl border border-rose-100 bg-white">
          {all.map((message) => (
            <MessageItem key={message.id} message={message} signedIn={Boolean(user)} now={now} />
          ))}
        </ul>
      </FeedSection>
      <div className="mt-6">
        <GuidelinesCard />
      </div>
    </Page>
  );
}
