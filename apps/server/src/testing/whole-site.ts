import { createHash } from "node:crypto";
import type { Database } from "../db/client";
import {
  adverts,
  auditEvents,
  comments,
  importItems,
  media,
  newsletters,
  pages,
  polls,
  pollVotes,
  postCoauthors,
  postDailyStats,
  postLikes,
  postRevisions,
  postTags,
  readLater,
  redirects,
  reviews,
  shares,
  siteSettings,
  subscriberNewsletters,
  subscribers,
  tags,
} from "../db/schema";
import { insertCategory, insertPost, insertType, insertUser } from "./fixtures";

/*
 * A small site with rows in every table an export holds (issue 41's round trip): posts with
 * tags and co-authors, nested pages, threaded comments, votes, media with bytes, settings…
 */
export async function seedWholeSite(db: Database) {
  const admin = await insertUser(db, {
    name: "Ada Admin",
    role: "admin",
    passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g",
    totpSecret: "JBSWY3DPEHPK3PXP",
    totpLastStep: 42,
    recoveryCodeHashes: ["a".repeat(64), "b".repeat(64)],
  });
  const editor = await insertUser(db, { name: "Eddie Editor", role: "editor", bio: "Writes about ümlauts" });
  const reader = await insertUser(db, { name: "Rita Reader" });
  const category = await insertCategory(db, "Travel Desk");
  const type = await insertType(db, category.id, "Long Reads");
  const bytes = Buffer.from("RIFF....WEBPVP8 fake image bytes");
  const key = createHash("sha256").update(bytes).digest("hex");
  await db
    .insert(media)
    .values({ key, mime: "image/webp", size: bytes.length, width: 2, height: 1, bytes, uploadedBy: editor.id });
  const image = `/media/${key}.webp`;
  const story = await insertPost(db, {
    title: "Ünïcode & <markup> ]]> story",
    content: `<p>Body with <a href="/page/other">a link</a>, a stray ]]> and <img src="${image}" alt="x"></p>`,
    excerpt: "A standfirst",
    metaTitle: "Meta title",
    metaDescription: "Meta description",
    isFeatured: true,
    authorId: editor.id,
    categoryId: category.id,
    typeId: type.id,
    images: [image],
    imageAlts: ["A fake image"],
    views: 12,
    likeCount: 1,
    commentCount: 3,
    publishedAt: new Date("2026-01-02T03:04:05.123Z"),
  });
  const draft = await insertPost(db, {
    title: "Scheduled draft",
    isPublished: false,
    scheduledAt: new Date("2030-01-01T00:00:00Z"),
    authorId: admin.id,
    categoryId: category.id,
  });
  const [travel, food] = await db
    .insert(tags)
    .values([
      { name: "Travel", slug: "travel" },
      { name: "Café culture", slug: "café-culture" },
    ])
    .returning();
  await db.insert(postTags).values([
    { postId: story.id, tagId: food?.id as string, position: 0 },
    { postId: story.id, tagId: travel?.id as string, position: 1 },
  ]);
  await db.insert(postCoauthors).values({ postId: story.id, userId: admin.id, position: 1 });
  await db.insert(postRevisions).values({
    postId: story.id,
    title: story.title,
    content: story.content,
    link: "",
    categoryId: category.id,
    categoryName: category.name,
    typeId: type.id,
    typeName: type.name,
    authorId: editor.id,
  });
  const [about] = await db
    .insert(pages)
    .values({
      slug: "about",
      title: "About us",
      content: "<p>Who we are</p>",
      excerpt: "A paper since 1901",
      canonicalUrl: "https://first.example/about",
      isPublished: true,
      authorId: admin.id,
    })
    .returning();
  await db.insert(pages).values({
    slug: "team",
    title: "The team",
    content: "<p>Our people</p>",
    parentId: about?.id,
    isPublished: true,
    publishedAt: new Date(),
    metaDescription: "Everyone",
  });
  const [first] = await db.insert(comments).values({ postId: story.id, userId: reader.id, text: "First!" }).returning();
  const [reply] = await db
    .insert(comments)
    .values({ postId: story.id, userId: editor.id, parentId: first?.id, text: "A reply" })
    .returning();
  await db.insert(comments).values({ postId: story.id, authorName: "Guest", parentId: reply?.id, text: "Deeper" });
  await db.insert(reviews).values({ postId: story.id, userId: reader.id, rating: 4, text: "Good" });
  await db.insert(postLikes).values({ postId: story.id, userId: reader.id });
  await db.insert(readLater).values({ postId: draft.id, userId: reader.id });
  await db.insert(shares).values({ postId: story.id, platform: "x" });
  await db.insert(postDailyStats).values({ postId: story.id, day: "2026-01-02", views: 12, likes: 1 });
  const [poll] = await db
    .insert(polls)
    .values({ title: "Best city?", optionOne: "Paris", optionTwo: "Lagos", optionThree: "Lima", createdBy: admin.id })
    .returning();
  await db.insert(pollVotes).values({ pollId: poll?.id as string, userId: reader.id, option: 2 });
  await db.insert(adverts).values({ placement: "Advert Top", link: "https://example.com/ad", images: [image] });
  await db.insert(siteSettings).values({
    siteName: "The Test Gazette",
    tagline: "All the news",
    about: "About",
    contactEmail: "desk@example.com",
    contactPhone: "",
    shopUrl: "",
    socialLinks: [{ label: "X", url: "https://x.com/gazette" }],
    navigation: [],
    postsPerPage: 12,
    timeZone: "Europe/Paris",
    updatedBy: admin.id,
  });
  await db.insert(redirects).values({ fromPath: "/old-story", toPath: `/page/${story.slug}`, origin: "manual" });
  await db.insert(auditEvents).values({ action: "post.create", actorId: editor.id, actorName: editor.name });
  await db
    .insert(importItems)
    .values({ site: "wordpress:https://old.example", kind: "post", sourceId: "7", localId: story.id });
  const [weekly] = await db.insert(newsletters).values({ name: "Weekly", slug: "weekly" }).returning();
  const [member] = await db
    .insert(subscribers)
    .values({
      email: "member@example.com",
      name: "Mem",
      userId: reader.id,
      status: "subscribed",
      source: "ghost",
      consentNote: "Imported from the Ghost site x",
      manageToken: "member-manage-token-0123456789",
      subscribedAt: new Date("2024-01-02T03:04:05.000Z"),
    })
    .returning();
  await db
    .insert(subscriberNewsletters)
    .values({ subscriberId: member?.id as string, newsletterId: weekly?.id as string });
  return { admin, editor, reader, category, type, story, draft, mediaKey: key };
}
