// node scripts/explain.mjs --database-url postgres://… | --data-dir ./data [--search people] [--plans] [--only tag]
//
// EXPLAIN ANALYZE of every list query the site runs, against an already seeded database
// (e.g. `npm run seed -- --posts 100000`): its time (median of three runs), the rows its table
// scans read, the indexes it used, and a flag on any sequential scan of posts. Exits with 1
// when one is found. The SQL is what the services send (captured with a Drizzle logger); keep
// it in step when a list query changes. Parameters come from the data: the 50th newest post,
// its commenters, and so on. On a PGlite data directory, stop the server first: PGlite allows
// one process at a time.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    "database-url": { type: "string" },
    "data-dir": { type: "string" },
    search: { type: "string", default: "people" },
    plans: { type: "boolean", default: false },
    // Only the queries whose name contains this (case-insensitive).
    only: { type: "string", default: "" },
  },
});
if (!args["database-url"] === !args["data-dir"]) {
  console.error("Give either --database-url postgres://… or --data-dir <DATA_DIR>.");
  process.exit(2);
}

/** The search probes PROBE_LIMIT + 1 matches and counts up to EXACT_COUNT_LIMIT (apps/server/src/posts/post-search.ts). */
const PROBE_LIMIT = 100;
const EXACT_COUNT_LIMIT = 1000;
const PAGE = 9;
const WIDGET = 5;

const db = args["database-url"] ? await openPostgres(args["database-url"]) : await openPglite(args["data-dir"]);

async function openPostgres(url) {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { query: (text, params) => client.query(text, params), close: () => client.end() };
}

async function openPglite(dataDir) {
  const lock = path.join(dataDir, "broadsheet.lock");
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, "utf8"));
    try {
      process.kill(pid, 0);
      console.error(`${dataDir} is in use by process ${pid}: stop it first (PGlite allows one process).`);
      process.exit(2);
    } catch {
      // A stale lock: its process is gone.
    }
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const client = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  return { query: (text, params) => client.query(text, params), close: () => client.close() };
}

async function one(text, params = []) {
  const { rows } = await db.query(text, params);
  return rows[0] ?? {};
}

// Values the queries need, taken from the data.
const post = await one(
  "select id, slug, category_id, type_id from posts where is_published and type_id is not null order by created_at desc, id desc limit 1 offset 50",
);
if (!post.id) {
  console.error("No published posts: seed the database first (npm run seed -- --posts 100000).");
  process.exit(2);
}
const commented = await one("select post_id from comments group by post_id order by count(*) desc limit 1");
const reader = await one("select user_id from post_likes group by user_id order by count(*) desc limit 1");
// The tag on the most posts: its pages are the longest, and its name makes a search that matches its posts too.
const mostTagged = await one(
  "select tags.id, tags.name from tags join post_tags on post_tags.tag_id = tags.id group by tags.id order by count(*) desc limit 1",
);
const category = await one(
  "select c.id, c.name, t.id as type_id, t.name as type from categories c join types t on t.category_id = c.id order by c.name, t.name limit 1",
);
// The author of the most posts: their page is the longest.
const mostWritten = await one(
  "select users.id, users.slug from users join posts on posts.author_id = users.id group by users.id order by count(*) desc limit 1",
);
// The middle file of the sitemap's posts: where it starts and where the next one does (decision 091).
const middleFile = await one(`select start_time::text, start_id, next_time, next_id from (
    select start_time, start_id, lead(start_time::text, 1, 'infinity') over w as next_time,
      lead(start_id, 1, '00000000-0000-0000-0000-000000000000') over w as next_id, row_number() over w as place,
      count(*) over () as files
    from sitemap_post_files window w as (order by start_time, start_id)) as files where place = (files + 1) / 2`);
const newestIds = (
  await db.query("select id from posts where is_published order by created_at desc, id desc limit 44")
).rows.map((row) => row.id);
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const SUMMARY = `select posts.id, posts.slug, posts.title, posts.link, coalesce(users.name, 'Anonymous'), posts.created_at,
  categories.name, coalesce(types.name, ''), posts.images, posts.views, posts.like_count, posts.comment_count,
  posts.minute_read, posts.is_published, null, null
  from posts inner join categories on categories.id = posts.category_id
  left join types on types.id = posts.type_id left join users on users.id = posts.author_id`;
const PUBLISHED_TIME = "coalesce(posts.published_at, posts.created_at)";
// A list filter names a category or type, which the service looks up first: the query gets its id.
const IN_CATEGORY = "posts.category_id in ($2)";
const IN_TYPE = "posts.type_id in ($3)";
const categoryParams = [true, category.id, category.type_id];
/** A page of a list: its ids from an index alone, then their summaries (post-listing.ts). */
const listPage = (where, order, offset = 0) =>
  `${SUMMARY} where posts.id in (select posts.id from posts where ${where} order by ${order} limit ${PAGE} offset ${offset}) order by ${order}`;
/** A list's total: counted up to 10,000 (post-counts.ts), past it the planner's estimate. */
const boundedCount = (where) =>
  `select count(*) from (select 1 as one from posts where ${where} limit 10001) as bounded`;
const NEWEST = "posts.created_at desc, posts.id desc";
/** A tag's page by date: its ids from post_tags' copies of each post's date (tagged-list.ts, decision 090). */
const IN_TAG = "post_tags.tag_id = $1 and post_tags.post_is_published = $2";
const tagPage = (offset) =>
  `${SUMMARY} where posts.id in (select post_tags.post_id from post_tags where ${IN_TAG}
    order by post_tags.post_created_at desc, post_tags.post_id desc limit ${PAGE} offset ${offset}) order by ${NEWEST}`;

/** A large search's matches are looked for among this many of the newest posts (a typical depth at 100k posts). */
const SEARCH_BOUNDED_DEPTH = 8192;

/**
 * The search (post-search.ts) for words that name no category: the probe, every match (a rare
 * word's way, `everyMatch`), the newest matches (a common word's), the older ones.
 */
async function searchQueries(label, words, { everyMatch, tag }) {
  const escapeLike = (text) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
  const pattern = `%${escapeLike(words)}%`;
  // Several words: each one's pattern beside the phrase's, as post-search.ts asks (decision 086).
  const eachWord = words.includes(" ")
    ? words
        .split(/\s+/)
        .map((word) => `posts.title ilike '%${escapeLike(word).replaceAll("'", "''")}%' and `)
        .join("")
    : "";
  // A word naming a tag: that tag's posts match too (tagsMatching, taggedWithAny).
  const tagged = tag ? ` or posts.id in (select post_id from post_tags where post_tags.tag_id = '${tag.id}')` : "";
  const matches = `(posts.is_published = $1 and ((${eachWord}posts.title ilike $2) or posts.search @@ websearch_to_tsquery('english', $3)${tagged}))`;
  const rank = "case when posts.title ilike $2 then 2 else 0 end";
  const [bound] = (
    await db.query(
      `select created_at from posts where posts.is_published = $1
        order by created_at desc, id desc limit 1 offset ${SEARCH_BOUNDED_DEPTH - 1}`,
      [true],
    )
  ).rows;
  const [newest] = (
    await db.query(
      `select id from posts where ${matches} and posts.created_at >= $4::timestamptz order by created_at limit 1`,
      [true, pattern, words, bound?.created_at ?? "-infinity"],
    )
  ).rows;
  return [
    {
      name: `${label} "${words}", the first ${PROBE_LIMIT + 1} matches in the table's order`,
      sql: `with matches as materialized (select posts.id, posts.created_at, posts.title, posts.ctid from posts where ${matches})
        select id, ${rank.replaceAll("posts.", "")} as rank, ctid from (select * from matches limit ${PROBE_LIMIT + 1}) as posts`,
      params: [true, pattern, words],
      // A word in most posts is probed best in the table's order: the scan stops at the limit.
      mayScanInOrder: true,
    },
    ...(everyMatch
      ? [
          {
            name: `${label} "${words}", every match (up to ${EXACT_COUNT_LIMIT} expected)`,
            sql: `select id, ${rank} as rank from (select posts.id, posts.created_at, posts.title from posts where ${matches} offset 0) as posts`,
            params: [true, pattern, words],
          },
        ]
      : []),
    {
      name: `${label} "${words}", the matches among the newest ${SEARCH_BOUNDED_DEPTH} posts`,
      sql: `select id, ${rank} as rank from (select posts.id, posts.created_at, posts.title from posts
        where ${matches} and posts.created_at >= $4::timestamptz offset 0) as posts`,
      params: [true, pattern, words, bound?.created_at ?? "-infinity"],
    },
    {
      name: `${label} "${words}", older matches by date (past the ranked window)`,
      sql: `${SUMMARY} where ${matches} and (posts.created_at, posts.id) < (
          select created_at, id from posts where id = $4::uuid)
        order by posts.created_at desc, posts.id desc limit ${PAGE}`,
      params: [true, pattern, words, newest?.id ?? "00000000-0000-0000-0000-000000000000"],
    },
  ];
}

const QUERIES = [
  { name: "posts: latest", sql: listPage("posts.is_published = $1", NEWEST, 0), params: [true] },
  { name: "posts: latest, page 1001", sql: listPage("posts.is_published = $1", NEWEST, 1000 * PAGE), params: [true] },
  { name: "posts: total", sql: boundedCount("posts.is_published = $1"), params: [true] },
  {
    name: "posts: oldest",
    sql: listPage("posts.is_published = $1", "posts.created_at asc, posts.id asc"),
    params: [true],
  },
  {
    name: "posts: a-z",
    sql: listPage("posts.is_published = $1", "lower(posts.title) asc, posts.id asc"),
    params: [true],
  },
  {
    name: "posts: z-a",
    sql: listPage("posts.is_published = $1", "lower(posts.title) desc, posts.id desc"),
    params: [true],
  },
  {
    name: `posts: category ${category.name}`,
    sql: listPage(`posts.is_published = $1 and ${IN_CATEGORY}`, NEWEST, 0),
    params: categoryParams.slice(0, 2),
  },
  {
    name: `posts: category ${category.name}, page 1001`,
    sql: listPage(`posts.is_published = $1 and ${IN_CATEGORY}`, NEWEST, 1000 * PAGE),
    params: categoryParams.slice(0, 2),
  },
  {
    name: `posts: category ${category.name}, total`,
    sql: boundedCount(`posts.is_published = $1 and ${IN_CATEGORY}`),
    params: categoryParams.slice(0, 2),
  },
  ...(mostTagged.id
    ? [
        { name: "posts: the largest tag", sql: tagPage(0) },
        { name: "posts: the largest tag, page 1001", sql: tagPage(1000 * PAGE) },
        {
          name: "posts: the largest tag, total",
          sql: `select count(*) from (select post_tags.post_id from post_tags where ${IN_TAG} limit 10001) as bounded`,
        },
      ].map((query) => ({ ...query, params: [mostTagged.id, true] }))
    : []),
  ...(mostWritten.id
    ? [
        {
          name: "posts: the largest author",
          sql: listPage("posts.is_published = $1 and posts.author_id = $2", NEWEST),
        },
        {
          name: "posts: the largest author, page 1001",
          sql: listPage("posts.is_published = $1 and posts.author_id = $2", NEWEST, 1000 * PAGE),
        },
        {
          name: "posts: the largest author, total",
          sql: boundedCount("posts.is_published = $1 and posts.author_id = $2"),
        },
      ].map((query) => ({ ...query, params: [true, mostWritten.id] }))
    : []),
  {
    name: `posts: type ${category.type}`,
    sql: listPage(`posts.is_published = $1 and ${IN_CATEGORY} and ${IN_TYPE}`, NEWEST, 0),
    params: categoryParams,
  },
  {
    name: `posts: type ${category.type}, page 1 100`,
    sql: listPage(`(posts.is_published = $1 and ${IN_CATEGORY} and ${IN_TYPE})`, NEWEST, 1099 * PAGE),
    params: categoryParams,
  },
  {
    name: "posts: latest, page 5 000",
    sql: listPage("posts.is_published = $1", NEWEST, 4999 * PAGE),
    params: [true],
  },
  {
    name: `posts: type ${category.type}, total`,
    sql: boundedCount(`posts.is_published = $1 and ${IN_CATEGORY} and ${IN_TYPE}`),
    params: categoryParams,
  },
  ...(await searchQueries("search:", args.search, { everyMatch: false })),
  ...(await searchQueries("search (rare word):", "symphony", { everyMatch: true })),
  ...(await searchQueries("search (a title word):", "brussels", { everyMatch: true })),
  ...(mostTagged.id
    ? await searchQueries("search (two words, one a tag's name):", `${mostTagged.name.toLowerCase()} coast`, {
        everyMatch: false,
        tag: mostTagged,
      })
    : []),
  { name: "admin posts: latest, drafts too", sql: listPage("true", NEWEST, 0), params: [] },
  { name: "admin posts: total", sql: boundedCount("true"), params: [] },
  ...(mostWritten.id
    ? [
        { name: "admin posts: the largest author", sql: listPage("posts.author_id = $1", NEWEST) },
        {
          name: "admin posts: the largest author, page 1001",
          sql: listPage("posts.author_id = $1", NEWEST, 1000 * PAGE),
        },
        { name: "admin posts: the largest author, total", sql: boundedCount("posts.author_id = $1") },
      ].map((query) => ({ ...query, params: [mostWritten.id] }))
    : []),
  { name: "admin dashboard: drafts", sql: boundedCount("posts.is_published = $1"), params: [false] },
  {
    name: "feeds: most read",
    sql: `${SUMMARY} where (posts.is_published = $1 and posts.views > $2)
      order by posts.views desc, ${PUBLISHED_TIME} desc, posts.id desc limit ${WIDGET}`,
    params: [true, 0],
  },
  ...[
    ["trendy", "post_daily_stats.views", day(-6)],
    ["hot", "post_daily_stats.likes + post_daily_stats.comments + post_daily_stats.shares", day(-1)],
  ].map(([name, score, since]) => ({
    name: `feeds: ${name}`,
    sql: `${SUMMARY} inner join (select post_id, sum(${score}) as score from post_daily_stats
        where post_daily_stats.day >= $1 group by post_daily_stats.post_id) recent on recent.post_id = posts.id
      where (posts.is_published = $2 and posts.views > $3 and score > 0)
      order by score desc, posts.views desc, ${PUBLISHED_TIME} desc, posts.id desc limit ${WIDGET}`,
    params: [since, true, 0],
  })),
  {
    name: "feeds: in case you missed it",
    sql: `${SUMMARY} where (posts.is_published = $1 and ${PUBLISHED_TIME} <= now() - interval '2 days'
        and ${PUBLISHED_TIME} >= now() - interval '30 days')
      order by posts.views desc, ${PUBLISHED_TIME} desc, posts.id desc limit ${WIDGET}`,
    params: [true],
  },
  {
    name: "feeds: related / up next, the source post",
    sql: "select id, category_id, type_id from posts where (posts.slug = $1 and posts.is_published = $2) limit 1",
    params: [post.slug, true],
  },
  {
    name: "feeds: related, same type",
    sql: `${SUMMARY} where (posts.is_published = $1 and posts.id <> $2 and posts.type_id = $3)
      order by ${PUBLISHED_TIME} desc, posts.id desc limit ${WIDGET}`,
    params: [true, post.id, post.type_id],
  },
  {
    name: "feeds: related, rest of the category",
    sql: `${SUMMARY} where (posts.is_published = $1 and posts.id <> $2 and posts.category_id = $3
        and (posts.type_id is null or posts.type_id <> $4))
      order by ${PUBLISHED_TIME} desc, posts.id desc limit ${WIDGET}`,
    params: [true, post.id, post.category_id, post.type_id],
  },
  {
    name: "feeds: up next, later in the category",
    sql: `${SUMMARY} where (posts.is_published = $1 and posts.id <> $2 and (posts.category_id = $3
        and ${PUBLISHED_TIME} > (select coalesce(published_at, created_at) from posts where id = $2)))
      order by ${PUBLISHED_TIME} asc, posts.id desc limit ${WIDGET}`,
    params: [true, post.id, post.category_id],
  },
  {
    name: "feeds: up next, the newest of the others",
    sql: `${SUMMARY} where (posts.is_published = $1 and posts.id <> $2 and not (posts.category_id = $3
        and ${PUBLISHED_TIME} > (select coalesce(published_at, created_at) from posts where id = $2)))
      order by ${PUBLISHED_TIME} desc, posts.id desc limit ${WIDGET}`,
    params: [true, post.id, post.category_id],
  },
  {
    name: "home: newest overall and per category",
    sql: `(select null::text as category, p.id from posts p where p.is_published
        order by p.created_at desc, p.id desc limit 7)
      union all
      (select c.name, newest.id from categories c cross join lateral (
        select p.id from posts p where p.category_id = c.id and p.is_published
        order by p.created_at desc, p.id desc limit 4) newest)`,
    params: [],
  },
  {
    name: "home: summaries of those posts",
    sql: `${SUMMARY} where (posts.is_published = $1 and posts.id = any($2::uuid[])) order by posts.created_at desc, posts.id desc`,
    params: [true, newestIds],
  },
  {
    name: "viewer marks: liked and saved among a page",
    sql: `select post_id, 'liked' from post_likes where user_id = $1 and post_id = any($2::uuid[])
      union all select post_id, 'saved' from read_later where user_id = $1 and post_id = any($2::uuid[])`,
    params: [reader.user_id ?? null, newestIds],
  },
  {
    name: "read later list",
    sql: `${SUMMARY} inner join read_later on (read_later.post_id = posts.id and read_later.user_id = $1)
      where posts.is_published = $2 order by read_later.created_at desc`,
    params: [reader.user_id ?? null, true],
  },
  {
    name: "comments: a post's newest",
    sql: `select comments.id, comments.text, comments.created_at, users.id, users.name from comments
      left join users on users.id = comments.user_id where comments.post_id = $1
      order by comments.created_at desc, comments.id desc limit 20`,
    params: [commented.post_id ?? post.id],
  },
  {
    name: "comments: a post's total",
    sql: "select count(*) from comments where comments.post_id = $1",
    params: [commented.post_id ?? post.id],
  },
  {
    name: "admin dashboard: latest comments",
    sql: `select comments.id, comments.text, comments.created_at, users.name, posts.id, posts.slug, posts.title
      from comments inner join posts on posts.id = comments.post_id left join users on users.id = comments.user_id
      order by comments.created_at desc, comments.id desc limit 10`,
    params: [],
  },
  {
    name: "syndication: RSS",
    sql: `select posts.title, posts.slug, posts.content, categories.name, ${PUBLISHED_TIME} from posts
      inner join categories on categories.id = posts.category_id where posts.is_published = $1
      order by ${PUBLISHED_TIME} desc, posts.id desc limit 50`,
    params: [true],
  },
  {
    name: "syndication: a category's RSS",
    sql: `select posts.title, posts.slug, posts.content, categories.name, ${PUBLISHED_TIME} from posts
      inner join categories on categories.id = posts.category_id where posts.is_published = $1 and posts.category_id = $2
      order by ${PUBLISHED_TIME} desc, posts.id desc limit 50`,
    params: [true, category.id],
  },
  {
    // The type alone: it implies its category, and naming both sorted all the type's posts.
    name: "syndication: a type's RSS",
    sql: `select posts.title, posts.slug, posts.content, categories.name, ${PUBLISHED_TIME} from posts
      inner join categories on categories.id = posts.category_id where posts.is_published = $1 and posts.type_id = $2
      order by ${PUBLISHED_TIME} desc, posts.id desc limit 50`,
    params: [true, category.type_id],
  },
  {
    name: "syndication: the largest tag's RSS",
    sql: `select posts.title, posts.slug, posts.content, categories.name, ${PUBLISHED_TIME} from posts
      inner join categories on categories.id = posts.category_id where posts.is_published = $1
      and posts.id in (select post_tags.post_id from post_tags where post_tags.tag_id = $2)
      order by ${PUBLISHED_TIME} desc, posts.id desc limit 50`,
    params: [true, mostTagged.id],
  },
  // The sitemap (decision 091): its files of posts and its listings' dates are kept, not counted.
  {
    name: "sitemap: files of posts",
    sql: "select start_time::text, start_id, posts, last_modified from sitemap_post_files order by start_time, start_id",
    params: [],
  },
  {
    name: "sitemap: a file of posts (the middle one)",
    sql: `select slug, updated_at from posts where posts.is_published = $1
      and (${PUBLISHED_TIME}, posts.id) >= ($2::timestamptz, $3::uuid) and (${PUBLISHED_TIME}, posts.id) < ($4::timestamptz, $5::uuid)
      and ${PUBLISHED_TIME} >= $2::timestamptz and ${PUBLISHED_TIME} <= $4::timestamptz
      order by ${PUBLISHED_TIME} desc, posts.id desc`,
    params: [true, middleFile.start_time, middleFile.start_id, middleFile.next_time, middleFile.next_id],
  },
  {
    name: "sitemap: categories' and types' dates",
    sql: "select key, last_modified from sitemap_listings where kind = $1",
    params: ["category"],
  },
  {
    name: "sitemap: authors' dates",
    sql: `select users.slug, sitemap_listings.last_modified from sitemap_listings
      inner join users on users.id = sitemap_listings.key where sitemap_listings.kind = $1`,
    params: ["author"],
  },
  {
    name: "sitemap: tags' dates",
    sql: `select tags.slug, sitemap_listings.last_modified from sitemap_listings
      inner join tags on tags.id = sitemap_listings.key where sitemap_listings.kind = $1 order by tags.slug`,
    params: ["tag"],
  },
  {
    name: "adverts: a placement",
    sql: `select id, link, placement, content, images, created_at, updated_at from adverts
      where adverts.placement = $1 order by adverts.created_at desc, adverts.id desc limit 4`,
    params: ["Advert Top"],
  },
  {
    name: "polls: newest",
    sql: "select id, title, created_at from polls order by polls.created_at desc, polls.id desc limit 10",
    params: [],
  },
  {
    name: "users: admin list",
    sql: "select * from users order by users.created_at desc, users.id desc limit 10",
    params: [],
  },
];

const SEQ_SCAN_ON_POSTS = /Seq Scan on posts\b/;
// Scans of tables (a bitmap's index scan and a subquery's scan would count the same rows twice).
const TABLE_SCANS = new Set(["Seq Scan", "Index Scan", "Index Only Scan", "Bitmap Heap Scan"]);

/** Rows the plan's table scans handed up (each node's rows × loops): a page that reads thousands stands out. */
function rowsRead(node) {
  const own = TABLE_SCANS.has(node["Node Type"]) ? node["Actual Rows"] * node["Actual Loops"] : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child), 0);
}

const results = [];
for (const query of QUERIES.filter((one) => one.name.toLowerCase().includes(args.only.toLowerCase()))) {
  // The first run warms the cache (the figures are for a running site); the median of three is reported,
  // because EXPLAIN ANALYZE's own clock readings inflate its times (tenfold on PGlite).
  const times = [];
  for (let run = 0; run < 4; run++) {
    const started = performance.now();
    await db.query(query.sql, query.params);
    if (run > 0) times.push(performance.now() - started);
  }
  const ms = times.sort((a, b) => a - b)[1];
  const { rows } = await db.query(`explain (analyze, buffers) ${query.sql}`, query.params);
  const plan = rows.map((row) => row["QUERY PLAN"]);
  const indexes = [
    ...new Set(plan.flatMap((line) => [...line.matchAll(/(?:using|Bitmap Index Scan on) (\w+)/g)].map((m) => m[1]))),
  ];
  const seqScan = !query.mayScanInOrder && plan.some((line) => SEQ_SCAN_ON_POSTS.test(line));
  const [json] = (await db.query(`explain (analyze, format json) ${query.sql}`, query.params)).rows;
  const tree = json["QUERY PLAN"];
  const read = rowsRead((typeof tree === "string" ? JSON.parse(tree) : tree)[0].Plan);
  results.push({ name: query.name, ms, read, indexes, seqScan });
  if (args.plans || seqScan) {
    console.log(`\n## ${query.name}${seqScan ? "  ** SEQ SCAN ON POSTS **" : ""}\n${plan.join("\n")}`);
  }
}
await db.close();

const width = Math.max(...results.map((result) => result.name.length));
console.log(`\n${"query".padEnd(width)}  ms        rows read  indexes`);
for (const result of results) {
  const flag = result.seqScan ? "  ** SEQ SCAN ON POSTS **" : "";
  console.log(
    `${result.name.padEnd(width)}  ${result.ms.toFixed(2).padStart(8)}  ${String(result.read).padStart(9)}  ${result.indexes.join(", ") || "-"}${flag}`,
  );
}
const scanning = results.filter((result) => result.seqScan);
console.log(
  scanning.length
    ? `\n${scanning.length} of ${results.length} queries scan posts sequentially.`
    : `\nAll ${results.length} queries use indexes on posts.`,
);
process.exitCode = scanning.length ? 1 : 0;
