import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("logout", "routes/logout.tsx"),
  route("page/:slug", "routes/post/route.tsx"),
  route("search", "routes/search/route.tsx"),
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("reset", "routes/reset.tsx"),
  route("reset/:token", "routes/reset-token.tsx"),
  route("profile", "routes/profile.tsx"),
  route("readLater", "routes/read-later.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    // admin screens
    route("all-posts", "routes/admin/all-posts.tsx"),
    route("add-post", "routes/admin/add-post.tsx"),
    route("edit-post/:id", "routes/admin/edit-post.tsx"),
    route("add-adds", "routes/admin/add-adds.tsx"),
    route("all-adds", "routes/admin/all-adds.tsx"),
    route("edit-add/:id", "routes/admin/edit-add.tsx"),
    route("home", "routes/admin/home.tsx"),
    route("category", "routes/admin/category.tsx"),
    route("brand", "routes/admin/brand.tsx"),
    route("add-vote", "routes/admin/add-vote.tsx"),
    route("all-votes", "routes/admin/all-votes.tsx"),
    route("view-users", "routes/admin/view-users.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
