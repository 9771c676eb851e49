export {
  createRateLimiter,
  RATE_LIMITS,
  type RateLimitBackend,
  type RateLimiter,
  type RateLimitRule,
} from "./rate-limiter";
