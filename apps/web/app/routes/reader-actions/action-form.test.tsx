import type { PostDetail, PostSummary } from "@broadsheet/domain";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createRoutesStub, Outlet, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { LikeButton } from "../../components/home/like-button";
import { PollBlock } from "../../components/home/poll";
import { ReadLaterButton } from "../../components/home/read-later-button";
import { Toaster } from "../../components/toaster";
import type { SessionUser } from "../../lib/session-user";
import { SHARED_READER } from "../../lib/viewer-state";
import { EngagementBar } from "../post/components/engagement-bar";

/*
 * The home page's and the post page's reader actions, rendered for real: each posts its intent
 * to /reader-actions (here a stand-in action that records the form and answers as the route does).
 */

const reader: SessionUser = { ...SHARED_READER, _id: "u1", name: "Robin Reader" };

const post = {
  _id: "p1",
  slug: "harbour-lights",
  title: "Why the harbour lights changed",
  likeCount: 0,
  likedByMe: false,
  inReadLater: false,
  commentCount: 0,
} as PostSummary & PostDetail;

function WhereAmI() {
  const location = useLocation();
  return <output aria-label="Location">{location.pathname + location.search}</output>;
}

/** Renders `page` at `path` under a root with `user`; returns the forms /reader-actions received. */
function renderPage(path: string, page: ReactNode, user: SessionUser | null, answer: (form: FormData) => unknown) {
  const sent: Record<string, string>[] = [];
  const Stub = createRoutesStub([
    {
      id: "root",
      Component: () => (
        <Toaster>
          <Outlet />
          <WhereAmI />
        </Toaster>
      ),
      loader: () => ({ site: { siteName: "The Harbour Gazette" }, user, readerShell: false }),
      children: [
        { path, Component: () => page },
        { path: "/login", Component: () => <h1>Login</h1> },
        {
          path: "/reader-actions",
          action: async ({ request }) => {
            const form = await request.formData();
            sent.push(Object.fromEntries(form) as Record<string, string>);
            return answer(form);
          },
        },
      ],
    },
  ]);
  render(<Stub initialEntries={[path]} />);
  return sent;
}

/** Every reader action form posts to /reader-actions and is marked to send enhanced=1 when scripts run. */
function expectReaderActionForms() {
  const forms = [...document.querySelectorAll("form")];
  expect(forms.length).toBeGreaterThan(0);
  for (const form of forms) {
    expect(form.getAttribute("action")).toBe("/reader-actions");
    expect(form.getAttribute("method")).toBe("post");
    expect(form.hasAttribute("data-enhanced-form")).toBe(true);
  }
}

describe("the home page's reader actions", () => {
  it("Like posts intent like with the post, and shows the count /reader-actions answers", async () => {
    const sent = renderPage("/", <LikeButton post={post} />, reader, () => ({
      intent: "like",
      ok: true,
      postId: "p1",
      likeCount: 1,
      likedByMe: true,
    }));
    const like = await screen.findByRole("button", { name: `Like “${post.title}”` });
    expectReaderActionForms();
    await userEvent.click(like);
    await waitFor(() => expect(like.getAttribute("aria-pressed")).toBe("true"));
    expect(screen.getByRole("img", { name: "1 like" })).toBeTruthy();
    expect(sent).toEqual([{ intent: "like", postId: "p1", back: "/#block-world-news-heading" }]);
  });

  it("Add To Read Later posts intent readLater, toasts the answer and links to Read Later", async () => {
    const sent = renderPage("/", <ReadLaterButton post={post} />, reader, () => ({
      intent: "readLater",
      ok: true,
      postId: "p1",
      message: "Post added to your read later list",
    }));
    await userEvent.click(await screen.findByRole("button", { name: "Add To Read Later" }));
    expect(await screen.findByRole("link", { name: "In your Read Later" })).toBeTruthy();
    expect(await screen.findByText("Post added to your read later list")).toBeTruthy();
    expect(sent).toEqual([{ intent: "readLater", postId: "p1", back: "/#latest-news" }]);
  });

  it("Add To Read Later shows its progress on the button, never as a Loading toast", async () => {
    let answer: (value: unknown) => void = () => {};
    renderPage("/", <ReadLaterButton post={post} />, reader, () => new Promise((resolve) => (answer = resolve)));
    await userEvent.click(await screen.findByRole("button", { name: "Add To Read Later" }));
    expect(await screen.findByRole("button", { name: "Add To Read Later" })).toHaveProperty("disabled", true);
    expect(screen.queryByText(/Loading/)).toBeNull();
    answer({ intent: "readLater", ok: true, postId: "p1", message: "Post added to your read later list" });
    expect(await screen.findByText("Post added to your read later list")).toBeTruthy();
    expect(screen.queryByText(/Loading/)).toBeNull();
  });

  it("Vote posts intent vote with the poll and the option, then shows the results", async () => {
    const poll = {
      _id: "q1",
      title: "Trains or buses?",
      optionOne: "Trains",
      optionTwo: "Buses",
      optionThree: "Both",
      counts: { optionOne: 0, optionTwo: 0, optionThree: 0 },
      totalVotes: 0,
      myVote: null,
    };
    const counted = { ...poll, counts: { ...poll.counts, optionTwo: 1 }, totalVotes: 1, myVote: 2 };
    const sent = renderPage("/", <PollBlock poll={{ ok: true, data: poll as never }} />, reader, () => ({
      intent: "vote",
      ok: true,
      message: "Thanks for voting!",
      poll: counted,
    }));
    await userEvent.click(await screen.findByRole("radio", { name: "Buses" }));
    expectReaderActionForms();
    await userEvent.click(screen.getByRole("button", { name: "Vote" }));
    expect(await screen.findByText("(your vote)")).toBeTruthy();
    expect(sent).toEqual([{ intent: "vote", pollId: "q1", back: "/#poll", option: "2" }]);
  });

  it("sends a logged-out reader to log in without posting anything", async () => {
    const sent = renderPage("/", <ReadLaterButton post={post} />, null, () => ({ ok: true }));
    await userEvent.click(await screen.findByRole("button", { name: "Add To Read Later" }));
    await waitFor(() =>
      expect(screen.getByRole("status", { name: "Location" }).textContent).toBe("/login?redirectTo=/"),
    );
    expect(sent).toEqual([]);
  });
});

describe("the post page's reader actions", () => {
  it("Like and Add To Read Later post their intents with the post and the page to come back to", async () => {
    const sent = renderPage("/page/harbour-lights", <EngagementBar post={post} user={reader} />, reader, (form) =>
      form.get("intent") === "like"
        ? { intent: "like", ok: true, postId: "p1", likeCount: 1, likedByMe: true }
        : { intent: "readLater", ok: true, postId: "p1", message: "Post added to your read later list" },
    );
    const bar = await screen
      .findByRole("button", { name: "Like" })
      .then((button) => button.closest("div") as HTMLElement);
    expectReaderActionForms();
    await userEvent.click(within(bar).getByRole("button", { name: "Like" }));
    await userEvent.click(within(bar).getByRole("button", { name: "Add To Read Later" }));
    expect(await screen.findByText("Post added to your read later list")).toBeTruthy();
    expect(sent).toEqual([
      { intent: "like", postId: "p1", back: "/page/harbour-lights" },
      { intent: "readLater", postId: "p1", saved: "false", back: "/page/harbour-lights" },
    ]);
  });

  it("a post the reader saw liked and saved posts unlike, and readLater with saved=true", async () => {
    const marked = { ...post, likedByMe: true, inReadLater: true, likeCount: 1 };
    const sent = renderPage("/page/harbour-lights", <EngagementBar post={marked} user={reader} />, reader, () => ({
      intent: "like",
      ok: true,
    }));
    await userEvent.click(await screen.findByRole("button", { name: "Like" }));
    await userEvent.click(screen.getByRole("button", { name: "Saved to Read Later" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]).toMatchObject({ intent: "unlike", postId: "p1" });
    expect(sent[1]).toMatchObject({ intent: "readLater", saved: "true" });
  });
});
