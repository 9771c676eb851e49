import {
  ACCOUNT_MESSAGES,
  isPhotoMediaPath,
  isStaff,
  isUuid,
  type LoginInput,
  normalizeEmail,
  type Page,
  type PublicUser,
  type RegisterInput,
  type Role,
  slugify,
  type UpdateProfileInput,
  type UserListQuery,
} from "@broadsheet/domain";
import { count, desc, eq, ilike, like, or, sql } from "drizzle-orm";
import { authorTag, type Caches, POST_LISTS, userTag } from "../caching";
import type { Database } from "../db/client";
import { readPage } from "../db/paging";
import { isUniqueViolation, pgConstraint } from "../db/pg-errors";
import { users } from "../db/schema";
import { escapeLike } from "../db/sql-patterns";
import { conflict, forbidden, invalid, notFound, unauthorized } from "../errors";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./passwords";
import type { SessionUser } from "./sessions.service";

export type { Page, PublicUser };

export function toPublicUser(user: SessionUser): PublicUser {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    phone: user.phone,
    photo: user.photo,
    address: { address: user.address, state: user.state, country: user.country },
    slug: user.slug,
    bio: user.bio,
    twoFactorEnabled: user.totpSecret !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

const SLUG_RACE_ATTEMPTS = 5;

/** Every change to a user makes every instance forget its cached sessions (their role, name, photo). */
export function createUsersService(db: Database, options: { publicUrl: string; caches: Caches }) {
  /** A new name, photo or bio shows on the author page and in every byline. */
  async function authorChanged(user: SessionUser): Promise<SessionUser> {
    await options.caches.changed([userTag(user.id), authorTag(user.id), POST_LISTS]);
    return user;
  }

  /** Saves a change to what the author page and bylines show, then lets the caches know. */
  async function updateAuthor(id: string, changes: Partial<typeof users.$inferInsert>): Promise<SessionUser> {
    const [updated] = await db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!updated) throw notFound(ACCOUNT_MESSAGES.userNotFound);
    return authorChanged(updated);
  }

  async function findById(id: string): Promise<SessionUser> {
    if (!isUuid(id)) throw notFound(ACCOUNT_MESSAGES.userNotFound);
    const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!user) throw notFound(ACCOUNT_MESSAGES.userNotFound);
    return user;
  }

  /** `base`, or the first of base-2, base-3, … no account has. */
  async function freeSlug(base: string): Promise<string> {
    const rows = await db
      .select({ slug: users.slug })
      .from(users)
      .where(or(eq(users.slug, base), like(users.slug, `${escapeLike(base)}-%`)));
    const taken = new Set(rows.map((row) => row.slug));
    let slug = base;
    for (let number = 2; taken.has(slug); number++) slug = `${base}-${number}`;
    return slug;
  }

  return {
    findById,

    async findByEmail(email: string): Promise<SessionUser | undefined> {
      const [user] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
        .limit(1);
      return user;
    },

    /** A new account; its author-page slug is the name's, with -2, -3, … when taken. */
    async register(input: RegisterInput, role: Role = "user"): Promise<SessionUser> {
      const passwordHash = await hashPassword(input.password);
      for (let attempt = 1; ; attempt++) {
        const slug = await freeSlug(slugify(input.name, "author"));
        try {
          const [user] = await db
            .insert(users)
            .values({ name: input.name, email: normalizeEmail(input.email), passwordHash, role, slug })
            .returning();
          if (!user) throw new Error("insert returned no row");
          return user;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          // Another registration took the same slug first: look again.
          if (pgConstraint(error) !== "users_slug_unique" || attempt >= SLUG_RACE_ATTEMPTS) {
            throw conflict(ACCOUNT_MESSAGES.emailTaken);
          }
        }
      }
    },

    /** Checks e-mail and password; one message whichever was wrong, and the same time spent. */
    async authenticate(input: LoginInput): Promise<SessionUser> {
      const user = await this.findByEmail(input.email);
      const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
      if (!user || !valid) throw unauthorized(ACCOUNT_MESSAGES.wrongCredentials);
      return user;
    },

    async listUsers(query: UserListQuery): Promise<Page<PublicUser>> {
      const where = query.search ? ilike(users.email, `%${escapeLike(query.search.toLowerCase())}%`) : undefined;
      const { rows, total } = await readPage(
        query.page,
        query.limit,
        () => db.select({ total: count() }).from(users).where(where),
        (offset) =>
          db
            .select()
            .from(users)
            .where(where)
            .orderBy(desc(users.createdAt), desc(users.id))
            .limit(query.limit)
            .offset(offset),
      );
      return { items: rows.map(toPublicUser), total, page: query.page, limit: query.limit };
    },

    /** Changes a role; the last admin cannot be demoted, checked under a lock so two demotions cannot race. */
    async updateRole(id: string, role: Role): Promise<SessionUser> {
      if (!isUuid(id)) throw notFound(ACCOUNT_MESSAGES.userNotFound);
      let wasStaff = false;
      const updated = await db.transaction(async (tx) => {
        await tx.execute(sql`select id from ${users} where ${users.role} = 'admin' for update`);
        const [target] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
        if (!target) throw notFound(ACCOUNT_MESSAGES.userNotFound);
        wasStaff = isStaff(target.role);
        if (target.role === "admin" && role !== "admin") {
          const [admins] = await tx.select({ total: count() }).from(users).where(eq(users.role, "admin"));
          if ((admins?.total ?? 0) <= 1) throw conflict(ACCOUNT_MESSAGES.lastAdmin);
        }
        const [updated] = await tx
          .update(users)
          .set({ role, updatedAt: new Date() })
          .where(eq(users.id, id))
          .returning();
        if (!updated) throw notFound(ACCOUNT_MESSAGES.userNotFound);
        return updated;
      });
      // The cached session and author lookup go; staff have an author page, so a demotion may
      // take a cached one away (a promotion only gives one: no cached page showed it missing).
      const demoted = wasStaff && !isStaff(updated.role);
      await options.caches.changed(demoted ? [userTag(id), authorTag(id)] : [userTag(id)]);
      return updated;
    },

    /** Staff may also set the bio of their author page; a reader sending one is refused. */
    async updateProfile(user: SessionUser, input: UpdateProfileInput): Promise<SessionUser> {
      if (input.bio !== undefined && input.bio !== user.bio && !isStaff(user.role)) {
        throw forbidden(ACCOUNT_MESSAGES.bioStaffOnly);
      }
      return updateAuthor(user.id, {
        name: input.name,
        bio: input.bio ?? user.bio,
        phone: input.phone,
        address: input.address.address,
        state: input.address.state,
        country: input.address.country,
      });
    },

    /** The photo must be an image this site serves (/media/…) or an https URL. */
    async updatePhoto(id: string, photo: string): Promise<SessionUser> {
      if (!isAcceptablePhotoUrl(photo, options.publicUrl)) throw invalid(ACCOUNT_MESSAGES.photoUrlInvalid);
      return updateAuthor(id, { photo });
    },

    async setPassword(id: string, password: string): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
        .where(eq(users.id, id));
      await options.caches.changed([userTag(id)]);
    },

    async checkPassword(user: SessionUser, password: string): Promise<boolean> {
      return verifyPassword(user.passwordHash, password);
    },

    async countAdmins(): Promise<number> {
      const [row] = await db.select({ total: count() }).from(users).where(eq(users.role, "admin"));
      return row?.total ?? 0;
    },
  };
}

function isAcceptablePhotoUrl(photo: string, publicUrl: string): boolean {
  if (isPhotoMediaPath(photo)) return true;
  let url: URL;
  try {
    url = new URL(photo);
  } catch {
    return false;
  }
  if (url.origin === new URL(publicUrl).origin && isPhotoMediaPath(url.pathname)) return true;
  return url.protocol === "https:";
}

export type UsersService = ReturnType<typeof createUsersService>;
