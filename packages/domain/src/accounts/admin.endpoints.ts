import { DashboardStatsSchema } from "../api/api-shapes";
import { endpoint } from "../api/endpoint";
import { z } from "../zod";

const CacheUseSchema = z.object({ entries: z.number(), bytes: z.number() });

/** Where this process's memory goes (issue 16): the process, the embedded database, the caches. */
export const RuntimeStatsSchema = z
  .object({
    pid: z.number().describe("The process that answered: with WORKERS > 1, one of the workers"),
    memory: z.object({
      rss: z.number().describe("Resident set size, bytes"),
      heapUsed: z.number(),
      heapTotal: z.number(),
      external: z.number().describe("Memory of C++ objects bound to JavaScript, WebAssembly included"),
      arrayBuffers: z.number(),
    }),
    database: z.object({
      kind: z.enum(["pglite", "postgres"]),
      wasmBytes: z.number().nullable().describe("PGlite's WebAssembly memory; null on PostgreSQL"),
      threadHeap: z
        .object({ used: z.number(), total: z.number() })
        .nullable()
        .describe(
          "The V8 heap of the thread PGlite runs on, bytes; null when it runs on the main thread, or on PostgreSQL",
        ),
    }),
    caches: z.object({
      pages: CacheUseSchema,
      readerPages: CacheUseSchema,
      reads: CacheUseSchema,
      summaries: CacheUseSchema.describe("Posts' summaries by id, as readers see them (search pages)"),
      viewers: CacheUseSchema,
    }),
    rateLimits: z
      .object({
        store: z.enum(["memory", "database", "redis"]).describe("Where rate limits are counted when all is well"),
        fallingBack: z
          .boolean()
          .describe("True while the store fails: limits are then counted in this process's memory only"),
        fallbacks: z.number().describe("Operations this process counted in its own memory because the store failed"),
      })
      .describe("The rate-limit store, as this process sees it"),
  })
  .meta({ id: "RuntimeStats" });

export type RuntimeStats = z.infer<typeof RuntimeStatsSchema>;

/** /api/admin: figures for the admin area. */
export const adminApi = {
  stats: endpoint({
    method: "get",
    path: "/api/admin/stats",
    tag: "Admin",
    summary:
      "Dashboard figures: post and user counts, views per day (30 days), top posts of the week, shares by platform, latest comments",
    access: "staff",
    response: DashboardStatsSchema,
    responseDescription: "The dashboard figures",
  }),
  runtime: endpoint({
    method: "get",
    path: "/api/admin/runtime",
    tag: "Admin",
    summary:
      "This process's memory (V8 heap, WebAssembly (PGlite), buffers, each cache's entries and bytes) and its rate-limit store",
    access: "admin",
    response: RuntimeStatsSchema,
    responseDescription: "Memory use of the answering process",
  }),
};
