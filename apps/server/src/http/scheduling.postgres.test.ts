import { describe, expect, it } from "vitest";
import { createApp } from "../app";
import { openDatabase } from "../db/client";
import { PUBLISH_DUE_POSTS } from "../jobs";
import { createLogger } from "../logger";
import { insertCategory } from "../testing/fixtures";
import { signUp, TestAgent } from "../testing/test-agent";
import { testConfig, useTestApp } from "../testing/test-app";

/* Runs only in the PostgreSQL project: two instances with their job queues on one database. */
const context = useTestApp();

describe("scheduled publishing with two instances on one PostgreSQL", () => {
  it("publishes a scheduled post on its own, exactly once", async () => {
    const url = context.database.url as string;
    const config = testConfig({ DATABASE_URL: url });
    const otherDatabase = await openDatabase({ dataDir: "", databaseUrl: url });
    const instances = [
      createApp({ config, database: context.database, logger: createLogger(config) }),
      createApp({ config, database: otherDatabase, logger: createLogger(config) }),
    ];
    // Every publication either instance makes, to count them.
    const publications: string[] = [];
    try {
      for (const app of instances) {
        await app.services.jobs.start({
          ...app.services.jobHandlers,
          [PUBLISH_DUE_POSTS]: async () => {
            const published = await app.services.posts.publishDuePosts();
            publications.push(...published.map((post) => post._id));
          },
        });
      }
      const editor = await signUp(instances[0] as (typeof instances)[0], { role: "editor" });
      await insertCategory(context.database.db, "Race Desk");
      const at = new Date(Date.now() + 2_000).toISOString();
      const created = await editor.agent.post("/api/posts", {
        title: "Raced by two instances",
        category: "Race Desk",
        image: [`/media/${"a".repeat(64)}.webp`],
        scheduledAt: at,
      });
      expect(created.status).toBe(201);
      const reader = new TestAgent(instances[1] as (typeof instances)[1]);
      let status = 404;
      for (let attempt = 0; attempt < 100 && status !== 200; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await reader.get(`/api/posts/${created.body.slug}`)).status;
      }
      expect(status).toBe(200);
      // Both instances keep sweeping for a while: still one publication.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(publications.filter((id) => id === created.body._id)).toHaveLength(1);
    } finally {
      for (const app of instances) await app.services.close();
      await otherDatabase.close();
    }
  });
});
